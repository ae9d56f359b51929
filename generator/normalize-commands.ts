import type { CommandConfig } from '../src/shared/config-types';
import type { SourceFile } from './load';
import type { AddText } from './normalize';

/** A response: an entity's schema, or named fields of simple kinds. */
export type CommandResponse = string | Record<string, 'id' | 'ids' | 'string' | 'integer' | 'boolean' | 'money'>;

export interface NormCommand extends CommandConfig {
  response?: CommandResponse;
  description?: string;
  /** English label, the route's OpenAPI summary */
  summary: string;
  tags: string[];
  source: string;
}

/**
 * A commands file → one config per command with every default filled in: the permission of its
 * form, the area's roles (groups expanded to role keys), creditor states and failure text, the
 * Fastify url, the success text `changesSaved`; labels and history titles become i18n keys.
 *
 * @example normalizeCommands(file, addText, groups)[0] // → { name: 'identCheck', url: '/csp/debtor', roles: ['ROLE_CREDITOR', …], … }
 */
export function normalizeCommands(
  file: SourceFile,
  addText: AddText,
  roleGroups: Record<string, string[]>,
  formPermission: (form: string) => string | undefined,
): NormCommand[] {
  const d = file.data;
  const defaults = d.defaults ?? {};
  const expand = (roles: string[]) => [...new Set(roles.flatMap((r) => roleGroups[r] ?? [r]))];
  return Object.entries<any>(d.commands).map(([name, c]) => {
    const at = ['commands', name];
    const target = c.target ? d.targets[c.target] : undefined;
    const declared = c.permission ?? (c.form ? formPermission(c.form) : undefined);
    // `creditorUser` and `anyAdmin` say "no further permission" — written so that none is forgotten
    const permission = declared === 'creditorUser' ? undefined : declared;
    const adminPermission = c.adminPermission === 'anyAdmin' ? undefined : c.adminPermission;
    return {
      name,
      area: d.area,
      label: addText(`commands.${name}.label`, c.label, file, [...at, 'label']),
      method: c.method,
      path: c.path,
      url: String(c.path).replace(/\{(\w+)\}/g, ':$1'),
      ...(c.form ? { form: c.form } : {}),
      ...(c.selectBy ? { selectBy: c.selectBy } : {}),
      ...(c.targetBy ? { targetBy: c.targetBy } : {}),
      ...(c.targetKey ? { targetKey: { param: c.targetKey.param, field: c.targetKey.field } } : {}),
      ...(permission ? { permission } : {}),
      roles: c.public ? [] : expand(c.roles ?? defaults.roles ?? []),
      ...(c.public ? { public: true } : {}),
      ...(c.denied ? { denied: c.denied } : {}),
      ...(adminPermission ? { adminPermission } : {}),
      // only creditor users are impersonated; a command no creditor user takes is never taken so
      impersonation: c.impersonation ?? defaults.impersonation ?? 'refused',
      ...(target
        ? {
            target: {
              name: c.target,
              entity: target.entity,
              state: target.state,
              enum: target.enum,
              history: target.history ?? 'none',
              ...(target.permissions ? { permissions: target.permissions } : {}),
            },
          }
        : {}),
      ...(c.from ? { from: c.from } : {}),
      ...(c.to !== undefined ? { to: c.to } : {}),
      allowSelfApproval: c.allowSelfApproval ?? true,
      creditorStatus: c.creditorStatus ?? defaults.creditorStatus ?? ['active'],
      ...(c.history
        ? { history: { event: c.history.event, title: addText(`history.${c.history.event}`, c.history.title, file, [...at, 'history', 'title']) } }
        : {}),
      actionLog: c.actionLog,
      failure: c.failure ?? defaults.failure ?? 'changesNotSaved',
      success: c.success ?? 'changesSaved',
      ...(c.confirm ? { confirm: c.confirm } : {}),
      notify: c.notify ?? [],
      ...(c.response ? { response: c.response } : {}),
      ...(c.description ? { description: c.description } : {}),
      summary: c.label.en,
      tags: d.tags ?? [d.area],
      source: file.path,
    };
  });
}
