import type { ActionConfig, ColumnConfig, DetailField, FilterConfig } from '../src/shared/config-types';
import type { SourceFile } from './load';
import type { AddText, Model, NormField } from './normalize';

const keyPart = (s: string) => s.replace(/\./g, '_');
const NUMERIC = ['money', 'integer', 'number', 'percent'];

/**
 * A resource file → the config the generic list and detail screens render: columns with the spec's
 * header keys and defaults filled in, filters, detail header/sections/tabs/actions, all labels as
 * i18n keys (inline texts are added to the catalogue under `resources.<name>.…`). A column or detail
 * field whose entity field names a display widget (`widget: actionTypeLabel`) carries that widget.
 */
export function normalizeResource(
  file: SourceFile,
  addText: AddText,
  fieldOf: (entity: string, path: string) => NormField,
  displayWidgets: Set<string>,
): Model['resources'][number] {
  const r = file.data;
  const prefix = `resources.${r.resource}`;
  const detailEntity = r.detailEntity ?? r.entity;
  // an entity field's input widget (iban) is for forms; only display widgets reach the screens
  const widgetOf = (f: NormField) => (f.widget && displayWidgets.has(f.widget) ? { widget: f.widget } : {});
  // the condition under which a field is still being read from the document (`reading`)
  const readingWhen = (value: string) => {
    const when = (r.reading ?? []).filter((entry: any) => entry.fields.includes(value)).map((entry: any) => entry.when);
    return when.length ? { readingWhen: when } : {};
  };
  const column = (c: any, entity: string, at: (string | number)[], keyPrefix: string): ColumnConfig => {
    const f = fieldOf(entity, c.value);
    return {
      value: c.value,
      text: c.text ? addText(`${keyPrefix}.${keyPart(c.value)}`, c.text, file, [...at, 'text']) : f.label,
      ...(c.subText ? { subText: addText(`${keyPrefix}.${keyPart(c.value)}_sub`, c.subText, file, [...at, 'subText']) } : {}),
      ...(c.subValue ? { subValue: c.subValue } : {}),
      type: f.type,
      ...(f.enum ? { enum: f.enum } : {}),
      ...widgetOf(f),
      sortable: c.sortable ?? false,
      alignLeft: c.alignLeft ?? !NUMERIC.includes(f.type),
      sortMobile: c.sortMobile ?? c.sortable ?? false,
      ...(c.width ? { width: c.width } : {}),
      // the first column names the row: it always stays
      priority: c.priority ?? (at.at(-1) === 0 ? 1 : 2),
      ...(c.permission ? { permission: c.permission } : {}),
      ...(keyPrefix === `${prefix}.columns` ? readingWhen(c.value) : {}),
      ...(keyPrefix === `${prefix}.columns` && c.subValue && readingWhen(c.subValue).readingWhen
        ? { subReadingWhen: readingWhen(c.subValue).readingWhen }
        : {}),
    };
  };
  const detailField = (ref: any, at: (string | number)[], keyPrefix: string): DetailField => {
    const value = typeof ref === 'string' ? ref : ref.value;
    const f = fieldOf(detailEntity, value);
    return {
      value,
      label: ref.label ? addText(`${keyPrefix}.${keyPart(value)}`, ref.label, file, [...at, 'label']) : f.label,
      type: f.type,
      ...(f.enum ? { enum: f.enum } : {}),
      // a detail field may show through another display widget than its entity field's (a list's labels, not its count)
      ...(ref.widget ? { widget: ref.widget } : widgetOf(f)),
      ...(ref.permission ? { permission: ref.permission } : {}),
      ...readingWhen(value),
    };
  };
  const filters: FilterConfig[] = (r.list.filters ?? []).map((f: any, i: number) => ({
    key: f.key,
    label: f.label ? addText(`${prefix}.filters.${f.key}`, f.label, file, ['list', 'filters', i, 'label']) : fieldOf(r.entity, f.key).label,
    kind: f.kind,
    ...(f.enum ? { enum: f.enum } : {}),
    ...(f.optionsPath ? { optionsPath: f.optionsPath } : {}),
    ...(f.optionLabels ? { optionLabels: f.optionLabels } : {}),
    alwaysOn: f.alwaysOn ?? false,
    ...(f.permission ? { permission: f.permission } : {}),
    ...(f.groups ? { groups: true } : {}),
    ...(f.productGroupsOnly ? { productGroupsOnly: true } : {}),
  }));
  const d = r.detail ?? {};
  const actions: ActionConfig[] = (d.actions ?? []).map((a: any, i: number) => ({
    key: a.key,
    label: addText(`${prefix}.actions.${a.key}`, a.label, file, ['detail', 'actions', i, 'label']),
    ...(a.permission ? { permission: a.permission } : {}),
    ...(a.adminPermission ? { adminPermission: a.adminPermission } : {}),
    ...(a.dialog ? { dialog: a.dialog } : {}),
    ...(a.command ? { command: a.command } : {}),
    ...(a.targetList ? { targetList: a.targetList } : {}),
    ...(a.targetWhen ? { targetWhen: a.targetWhen } : {}),
    ...(a.icon ? { icon: a.icon } : {}),
    ...(a.recordPermission ? { recordPermission: a.recordPermission } : {}),
    ...(a.when ? { when: a.when } : {}),
  }));
  const emptyTexts = r.list.empty;
  const config: Model['resources'][number] = {
    name: r.resource,
    entity: r.entity,
    detailEntity,
    label: addText(`${prefix}.name`, r.label, file, ['label']),
    route: r.route,
    ...(r.menu ? { menu: r.menu } : {}),
    roles: r.roles,
    ...(r.adminPermissions ? { adminPermissions: r.adminPermissions } : {}),
    api: {
      list: { method: r.api.list.method ?? 'GET', path: r.api.list.path, key: r.api.list.key ?? r.resource, extraKeys: Object.keys(r.api.list.extra ?? {}) },
      ...(r.api.show ? { show: { method: r.api.show.method ?? 'GET', path: r.api.show.path } } : {}),
    },
    list: {
      columns: r.list.columns.map((c: any, i: number) => column(c, r.entity, ['list', 'columns', i], `${prefix}.columns`)),
      filters,
      perPageOptions: r.list.perPageOptions ?? [15, 25, 50, 100],
      defaultPerPage: r.list.defaultPerPage ?? 15,
      ...(r.list.defaultSort ? { defaultSort: r.list.defaultSort } : {}),
      empty: emptyTexts
        ? {
            noData: addText(`${prefix}.empty.noData`, emptyTexts.noData, file, ['list', 'empty', 'noData']),
            noResults: addText(`${prefix}.empty.noResults`, emptyTexts.noResults, file, ['list', 'empty', 'noResults']),
          }
        : { noData: 'ui.list.noData', noResults: 'ui.list.noResults' },
      ...(r.list.create ? { create: { form: r.list.create.form, ...(r.list.create.icon ? { icon: r.list.create.icon } : {}) } } : {}),
      ...(r.list.export
        ? {
            export: {
              path: r.list.export.path,
              label: r.list.export.label
                ? addText(`${prefix}.export`, r.list.export.label, file, ['list', 'export', 'label'])
                : 'ui.list.export',
            },
          }
        : {}),
      ...(r.list.rowLink ? { rowLink: { resource: r.list.rowLink.resource, when: r.list.rowLink.when } } : {}),
    },
    detail: {
      header: (d.header ?? []).map((h: any, i: number) => detailField(h, ['detail', 'header', i], `${prefix}.fields`)),
      ...(d.sub
        ? {
            sub: {
              list: d.sub.list,
              label: addText(`${prefix}.sub`, d.sub.label, file, ['detail', 'sub', 'label']),
              // typed through the list's entity, read from the selected entry
              fields: d.sub.fields.map((ref: any, i: number) => {
                const path = typeof ref === 'string' ? ref : ref.value;
                const inList = typeof ref === 'string' ? `${d.sub.list}.${ref}` : { ...ref, value: `${d.sub.list}.${ref.value}` };
                return { ...detailField(inList, ['detail', 'sub', 'fields', i], `${prefix}.fields`), value: path };
              }),
            },
          }
        : {}),
      sections: (d.sections ?? []).map((s: any, i: number) => ({
        key: s.key,
        label: addText(`${prefix}.sections.${s.key}`, s.label, file, ['detail', 'sections', i, 'label']),
        fields: s.fields.map((h: any, j: number) => detailField(h, ['detail', 'sections', i, 'fields', j], `${prefix}.fields`)),
        ...(s.permission ? { permission: s.permission } : {}),
      })),
      tabs: (d.tabs ?? []).map((t: any, i: number) => {
        const at = ['detail', 'tabs', i];
        const rowEntity = t.table ? fieldOf(detailEntity, t.table.value).entity! : undefined;
        return {
          key: t.key,
          label: addText(`${prefix}.tabs.${t.key}`, t.label, file, [...at, 'label']),
          ...(t.permission ? { permission: t.permission } : {}),
          fields: (t.fields ?? []).map((h: any, j: number) => detailField(h, [...at, 'fields', j], `${prefix}.fields`)),
          ...(t.table
            ? {
                table: {
                  value: t.table.value,
                  columns: t.table.columns.map((c: any, j: number) =>
                    column(c, rowEntity!, [...at, 'table', 'columns', j], `${prefix}.tabs.${t.key}.columns`),
                  ),
                  ...(t.table.link ? { link: t.table.link } : {}),
                },
              }
            : {}),
          ...(t.widget ? { widget: t.widget } : {}),
          ...(t.adminView ? { adminView: true } : {}),
        };
      }),
      actions,
    },
    source: file.path,
    listExtra: Object.entries<any>(r.api.list.extra ?? {}).map(([name, f]) => ({
      name,
      type: f.type,
      label: `fields.${name}`,
      required: f.required ?? false,
      enum: f.enum,
      entity: f.entity,
      items: f.items,
    })),
  };
  return config;
}
