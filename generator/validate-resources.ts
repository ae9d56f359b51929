import type { SourceFile } from './load';

/** What the reference checks of resource files need from the whole tree. */
export interface ReferenceContext {
  of: (kind: string) => SourceFile[];
  entities: Map<string, SourceFile>;
  enums: Map<string, SourceFile>;
  /** display widgets: the ones a detail tab may name */
  widgets: Set<string>;
  roleNames: Set<string>;
  permissionPaths: Set<string>;
  adminPermissionKeys: Set<string>;
  report: (file: SourceFile, path: (string | number)[], message: string) => void;
}

/**
 * Cross-file checks of schema/resources: entities and field paths of columns, filters and details,
 * roles, permissions and admin permissions, widgets, forms, group filters, option labels, row links,
 * linked tables, record permissions and action conditions. Problems go to `ctx.report` as `file:line`.
 *
 * @example checkResources(ctx); // "schema/resources/vouchers.yaml:52: unknown resource 'unprocesed'"
 */
export function checkResources(ctx: ReferenceContext): void {
  const { of, entities, enums, widgets, roleNames, permissionPaths, adminPermissionKeys, report } = ctx;
  const resourceFiles = new Map(of('resource').map((f) => [f.data.resource as string, f]));
  const textNamespaces = new Set(of('texts').map((f) => f.name));

  /** `{ path: [values] }` on an entity: the paths exist and the values fit their fields (null always does). */
  const checkCondition = (file: SourceFile, entity: SourceFile | undefined, when: Record<string, unknown[]>, at: (string | number)[]) => {
    if (!entity) return;
    for (const [path, values] of Object.entries(when)) {
      const field = resolvePath(entities, entity, path);
      if (!field) {
        report(file, [...at, path], `'${path}' is not a field of ${entity.data.entity}`);
        continue;
      }
      values.forEach((value, i) => {
        if (value !== null && !fitsField(field, value, enums)) report(file, [...at, path, i], `'${value}' is no value of ${entity.data.entity}.${path}`);
      });
    }
  };
  /** A tab table's rows open another resource: it exists, and its rowLink can be decided on these rows. */
  const checkTableLink = (file: SourceFile, rowEntity: SourceFile, link: string, at: (string | number)[]) => {
    const target = resourceFiles.get(link);
    if (!target) return report(file, at, `unknown resource '${link}'`);
    for (const path of Object.keys(target.data.list.rowLink?.when ?? {})) {
      if (!resolvePath(entities, rowEntity, path)) {
        report(file, at, `rows of ${rowEntity.data.entity} lack '${path}', which the rowLink of ${link} needs`);
      }
    }
  };
  /** `groups` / `productGroupsOnly`: an enum with groups, offered by a select, not both at once. */
  const checkGroupFilter = (file: SourceFile, f: any, at: (string | number)[]) => {
    if (!f.groups && !f.productGroupsOnly) return;
    const option = f.groups ? 'groups' : 'productGroupsOnly';
    if (f.groups && f.productGroupsOnly) report(file, [...at, 'productGroupsOnly'], `filter '${f.key}' takes groups or productGroupsOnly, not both`);
    if (!['select', 'multiSelect'].includes(f.kind)) report(file, [...at, option], `filter '${f.key}' with ${option} must be a select or multiSelect`);
    const e = enums.get(f.enum);
    if (!e || !Object.keys(e.data.groups ?? {}).length) report(file, [...at, option], `filter '${f.key}' with ${option} needs an enum with groups`);
  };

  for (const file of of('resource')) {
    const d = file.data;
    const listEntity = entities.get(d.entity);
    const detailEntity = entities.get(d.detailEntity ?? d.entity);
    if (!listEntity) report(file, ['entity'], `unknown entity '${d.entity}'`);
    if (!detailEntity) report(file, ['detailEntity'], `unknown entity '${d.detailEntity}'`);
    d.roles.forEach((r: string, i: number) => {
      if (!roleNames.has(r)) report(file, ['roles', i], `unknown role or role group '${r}'`);
    });
    const checkPermission = (p: string | undefined, at: (string | number)[]) => {
      if (p && !permissionPaths.has(p)) report(file, at, `unknown permission '${p}'`);
    };
    checkPermission(d.menu?.permission, ['menu', 'permission']);
    const checkPath = (entity: SourceFile | undefined, path: string, at: (string | number)[]) => {
      if (entity && !resolvePath(entities, entity, path)) report(file, at, `'${path}' is not a field of ${entity.data.entity}`);
    };
    d.list.columns.forEach((c: any, i: number) => {
      checkPath(listEntity, c.value, ['list', 'columns', i, 'value']);
      if (c.subValue) checkPath(listEntity, c.subValue, ['list', 'columns', i, 'subValue']);
      checkPermission(c.permission, ['list', 'columns', i, 'permission']);
      // the list fits its columns by these widths, and the table is laid out by them (issue 15)
      if (c.width === undefined) report(file, ['list', 'columns', i], `list column '${c.value}' needs a width (px, without the cell padding)`);
    });
    (d.list.filters ?? []).forEach((f: any, i: number) => {
      if (f.enum && !enums.has(f.enum)) report(file, ['list', 'filters', i, 'enum'], `unknown enum '${f.enum}'`);
      checkGroupFilter(file, f, ['list', 'filters', i]);
      if (f.optionLabels) {
        const at = ['list', 'filters', i, 'optionLabels'];
        if (!f.optionsPath) report(file, at, `filter '${f.key}' with optionLabels needs an optionsPath`);
        if (!textNamespaces.has(f.optionLabels)) {
          report(file, at, `unknown text namespace '${f.optionLabels}' (schema/texts/${f.optionLabels}.yaml)`);
        }
      }
      if (!f.label && !(listEntity && resolvePath(entities, listEntity, f.key))) {
        report(file, ['list', 'filters', i], `filter '${f.key}' is no field of ${d.entity}: give it a label`);
      }
      checkPermission(f.permission, ['list', 'filters', i, 'permission']);
    });
    (d.reading ?? []).forEach((entry: any, i: number) => {
      checkCondition(file, listEntity, entry.when, ['reading', i, 'when']);
      entry.fields.forEach((path: string, j: number) => {
        checkPath(listEntity, path, ['reading', i, 'fields', j]);
      });
    });
    if (d.list.rowLink) {
      const at = ['list', 'rowLink'];
      if (!resourceFiles.has(d.list.rowLink.resource)) report(file, [...at, 'resource'], `unknown resource '${d.list.rowLink.resource}'`);
      checkCondition(file, listEntity, d.list.rowLink.when, [...at, 'when']);
    }
    const checkRefs = (refs: any[] | undefined, at: (string | number)[]) =>
      (refs ?? []).forEach((r: any, i: number) => {
        const value = typeof r === 'string' ? r : r.value;
        checkPath(detailEntity, value, [...at, i]);
        if (typeof r !== 'string') checkPermission(r.permission, [...at, i, 'permission']);
        if (r?.widget && !widgets.has(r.widget)) report(file, [...at, i, 'widget'], `unknown display widget '${r.widget}'`);
      });
    checkRefs(d.detail?.header, ['detail', 'header']);
    if (d.detail?.sub && detailEntity) {
      const sub = d.detail.sub;
      if (resolvePath(entities, detailEntity, sub.list)?.type !== 'list')
        report(file, ['detail', 'sub', 'list'], `'${sub.list}' is no list field of ${detailEntity.data.entity}`);
      else
        sub.fields.forEach((ref: any, i: number) => {
          checkPath(detailEntity, `${sub.list}.${typeof ref === 'string' ? ref : ref.value}`, ['detail', 'sub', 'fields', i]);
          if (typeof ref !== 'string') checkPermission(ref.permission, ['detail', 'sub', 'fields', i, 'permission']);
        });
    }
    (d.detail?.sections ?? []).forEach((s: any, i: number) => {
      checkRefs(s.fields, ['detail', 'sections', i, 'fields']);
      checkPermission(s.permission, ['detail', 'sections', i, 'permission']);
    });
    (d.detail?.tabs ?? []).forEach((t: any, i: number) => {
      const at = ['detail', 'tabs', i];
      checkRefs(t.fields, [...at, 'fields']);
      checkPermission(t.permission, [...at, 'permission']);
      if (t.widget && !widgets.has(t.widget)) report(file, [...at, 'widget'], `unknown display widget '${t.widget}'`);
      if (t.table && detailEntity) {
        const list = resolvePath(entities, detailEntity, t.table.value);
        const rowEntity = list?.type === 'list' ? entities.get(list.entity) : undefined;
        if (!rowEntity) report(file, [...at, 'table', 'value'], `'${t.table.value}' is not a list of entities`);
        else {
          t.table.columns.forEach((c: any, j: number) => {
            checkPath(rowEntity, c.value, [...at, 'table', 'columns', j, 'value']);
          });
          if (t.table.link) checkTableLink(file, rowEntity, t.table.link, [...at, 'table', 'link']);
        }
      }
    });
    const checkAdminPermission = (key: string | undefined, at: (string | number)[]) => {
      if (key && !adminPermissionKeys.has(key)) report(file, at, `unknown admin permission '${key}'`);
    };
    (d.adminPermissions ?? []).forEach((key: string, i: number) => {
      checkAdminPermission(key, ['adminPermissions', i]);
    });
    if (d.list?.create && !of('form').some((f) => f.data.form === d.list.create.form)) {
      report(file, ['list', 'create', 'form'], `unknown form '${d.list.create.form}'`);
    }
    (d.detail?.actions ?? []).forEach((a: any, i: number) => {
      checkPermission(a.permission, ['detail', 'actions', i, 'permission']);
      checkAdminPermission(a.adminPermission, ['detail', 'actions', i, 'adminPermission']);
      if (a.dialog && !of('form').some((f) => f.data.form === a.dialog)) report(file, ['detail', 'actions', i, 'dialog'], `unknown form '${a.dialog}'`);
      if (a.recordPermission) checkPath(detailEntity, `permissions.${a.recordPermission}`, ['detail', 'actions', i, 'recordPermission']);
      if (a.when) checkCondition(file, detailEntity, a.when, ['detail', 'actions', i, 'when']);
      const at = ['detail', 'actions', i];
      const command = a.command ? of('command').flatMap((f) => Object.entries<any>(f.data.commands)).find(([n]) => n === a.command)?.[1] : undefined;
      if (a.command && !command) report(file, [...at, 'command'], `unknown command '${a.command}'`);
      else if (command?.form) report(file, [...at, 'command'], `command '${a.command}' takes a form: name its form as dialog`);
      if (a.targetList && detailEntity) {
        const list = resolvePath(entities, detailEntity, a.targetList);
        const rowEntity = list?.type === 'list' ? entities.get(list.entity) : undefined;
        if (!rowEntity) report(file, [...at, 'targetList'], `'${a.targetList}' is not a list of entities`);
        else if (a.targetWhen) checkCondition(file, rowEntity, a.targetWhen, [...at, 'targetWhen']);
      } else if (a.targetWhen) report(file, [...at, 'targetWhen'], 'targetWhen needs targetList');
    });
  }
}

const NUMERIC_TYPES = ['integer', 'number', 'money', 'percent', 'timestamp', 'id'];

/** Whether a literal in a condition can be a value of the field (enum value, boolean, number or text). */
function fitsField(field: any, value: unknown, enums: Map<string, SourceFile>): boolean {
  if (field.type === 'enum') return !!enums.get(field.enum)?.data.values.some((v: any) => v.value === value);
  if (field.type === 'boolean') return typeof value === 'boolean';
  if (NUMERIC_TYPES.includes(field.type)) return typeof value === 'number';
  return typeof value === 'string';
}

/** Follows a dotted path through object/list fields; returns the final field definition. */
export function resolvePath(entities: Map<string, SourceFile>, entity: SourceFile, path: string): any | undefined {
  let current: SourceFile | undefined = entity;
  let field: any;
  for (const part of path.split('.')) {
    if (!current) return undefined;
    field = current.data.fields[part];
    if (!field) return undefined;
    current = field.entity ? entities.get(field.entity) : undefined;
  }
  return field;
}
