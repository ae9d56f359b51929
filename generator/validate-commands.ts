import type { SourceFile } from './load';

/** What the command checks need from the rest of the tree (collected once by validate.ts). */
export interface CommandCheckContext {
  of: (kind: string) => SourceFile[];
  entities: Map<string, SourceFile>;
  enums: Map<string, SourceFile>;
  roleNames: Set<string>;
  permissionPaths: Set<string>;
  adminPermissionKeys: Set<string>;
  /** the sides (`admin`, `creditor`) of role keys and role groups */
  sidesOf: (roles: string[]) => Set<string>;
  report: (file: SourceFile, path: (string | number)[], message: string) => void;
}

const BODYLESS = new Set(['GET', 'DELETE']);
/** `permission: creditorUser`: every creditor user of a tenant, no permission path */
export const CREDITOR_USER = 'creditorUser';
/** `adminPermission` words besides the keys: the super admin only, or every administrator */
export const ADMIN_WORDS = new Set(['superAdmin', 'anyAdmin']);
/** field types that can name a target in a path (`targetKey`) */
const KEY_TYPES = new Set(['string', 'integer']);

/** Whether a dotted text key (`debtors.addDebtorError`, first part = the texts file) exists. */
function textExists(texts: SourceFile[], key: string): boolean {
  return textIn(texts, `messages.${key}`) || textIn(texts, key);
}

function textIn(texts: SourceFile[], key: string): boolean {
  const [namespace, ...rest] = key.split('.');
  const file = texts.find((f) => f.name === namespace);
  if (!file) return false;
  const leaf = rest.reduce<any>((node, part) => node?.[part], file.data);
  return !!leaf && typeof leaf.de === 'string';
}

/**
 * Cross-file checks of schema/commands/*.yaml: forms, permissions, roles, admin permissions, targets
 * (entity, state field and its enumeration), states in `from`/`to`, creditor states, action types,
 * message keys (relative to the `messages` texts, or full keys), response entities, how a target is
 * named (the path's {id}, a body id field `targetBy`, or a path parameter holding a unique field of
 * the target entity `targetKey`), and routes (one method + path; commands sharing one are told
 * apart by `selectBy`, a field their form requires).
 *
 * @example checkCommands(ctx) // reports 'schema/commands/debtors.yaml:40: unknown state 'closed' of debtorStatus'
 */
export function checkCommands(ctx: CommandCheckContext): void {
  const { of, entities, enums, report } = ctx;
  const texts = of('texts');
  const forms = new Map(of('form').map((f) => [f.name, f]));
  const valuesOf = (enumName: string) => new Set<unknown>((enums.get(enumName)?.data.values ?? []).map((v: any) => v.value));
  const creditorStates = valuesOf('creditorStatus');
  const actionTypes = texts.find((f) => f.name === 'actionTypes')?.data ?? {};
  const routes = new Map<string, { file: SourceFile; name: string; selectBy?: string; public?: boolean }[]>();
  const names = new Map<string, SourceFile>();
  const formUses = new Map<string, { file: SourceFile; name: string; route: string }[]>();

  for (const file of of('command')) {
    const d = file.data;
    if (d.area !== file.name) report(file, ['area'], `area '${d.area}' must match the file name '${file.name}'`);
    for (const [key, t] of Object.entries<any>(d.targets ?? {})) {
      const entity = entities.get(t.entity);
      if (!entity) {
        report(file, ['targets', key, 'entity'], `unknown entity '${t.entity}'`);
        continue;
      }
      const field = entity.data.fields?.[t.state];
      if (!field) report(file, ['targets', key, 'state'], `entity '${t.entity}' has no field '${t.state}'`);
      else if (field.type !== 'enum' || field.enum !== t.enum) {
        report(file, ['targets', key, 'state'], `field '${t.entity}.${t.state}' is not of enum '${t.enum}'`);
      }
      if (!enums.has(t.enum)) report(file, ['targets', key, 'enum'], `unknown enum '${t.enum}'`);
    }
    const checkRoles = (roles: string[] | undefined, at: (string | number)[]) =>
      (roles ?? []).forEach((r, i) => {
        if (!ctx.roleNames.has(r)) report(file, [...at, i], `unknown role or role group '${r}'`);
      });
    const checkCreditorStates = (states: string[] | undefined, at: (string | number)[]) =>
      (states ?? []).forEach((s, i) => {
        if (!creditorStates.has(s)) report(file, [...at, i], `'${s}' is no value of creditorStatus`);
      });
    const checkText = (key: string | undefined, at: (string | number)[]) => {
      if (key && !textExists(texts, key)) report(file, at, `unknown text '${key}' (schema/texts/<namespace>.yaml)`);
    };
    checkRoles(d.defaults?.roles, ['defaults', 'roles']);
    checkCreditorStates(d.defaults?.creditorStatus, ['defaults', 'creditorStatus']);
    checkText(d.defaults?.failure, ['defaults', 'failure']);

    for (const [name, c] of Object.entries<any>(d.commands)) {
      const at = ['commands', name];
      const bad = (key: string | (string | number)[], message: string) => report(file, [...at, ...[key].flat()], message);
      if (names.has(name)) bad([], `command '${name}' is also declared in ${names.get(name)!.path}`);
      names.set(name, file);
      const form = c.form ? forms.get(c.form) : undefined;
      if (c.form && !form) bad('form', `unknown form '${c.form}'`);
      if (c.form && BODYLESS.has(c.method)) bad('form', `a ${c.method} command takes no body (form)`);
      if (form) formUses.set(c.form, [...(formUses.get(c.form) ?? []), { file, name, route: `${c.method} ${c.path}` }]);
      if (c.permission && c.permission !== CREDITOR_USER && !ctx.permissionPaths.has(c.permission)) {
        bad('permission', `unknown permission '${c.permission}'`);
      }
      if (c.adminPermission && !ADMIN_WORDS.has(c.adminPermission) && !ctx.adminPermissionKeys.has(c.adminPermission)) {
        bad('adminPermission', `unknown admin permission '${c.adminPermission}'`);
      }
      checkRoles(c.roles, [...at, 'roles']);
      const roles: string[] = c.public ? [] : (c.roles ?? d.defaults?.roles ?? []);
      if (c.public) {
        for (const key of ['roles', 'permission', 'adminPermission', 'target', 'notify', 'denied'] as const) {
          if (c[key] !== undefined) bad(key, `a public command (taken without a login) cannot have '${key}'`);
        }
      } else if (!roles.length) bad([], 'no roles: give `roles` or `defaults.roles`');
      // every command names who may run it (issue 26): per side of its roles, a permission
      const sides = ctx.sidesOf(roles);
      if (sides.has('creditor') && !c.permission && !form?.data.permission) {
        bad([], `a command creditor users take needs a permission (its own, its form's or '${CREDITOR_USER}')`);
      }
      if (sides.has('admin') && !c.adminPermission) {
        bad([], `a command admins take needs an adminPermission (a key of schema/permissions.yaml admin, ${[...ADMIN_WORDS].join(' or ')})`);
      }
      if (c.adminPermission && !sides.has('admin')) bad('adminPermission', 'only admins take it: no adminPermission');
      if (c.adminPermission === 'superAdmin' && roles.some((r) => ctx.sidesOf([r]).has('admin') && r !== 'ROLE_SUPER_ADMIN')) {
        bad('adminPermission', "'superAdmin' is for commands of the role ROLE_SUPER_ADMIN only");
      }
      // what an admin acting as a creditor user may take is written down for every such command
      if (sides.has('creditor') && !c.impersonation && !d.defaults?.impersonation) {
        bad([], 'a command creditor users take states `impersonation` (allowed or refused; or defaults.impersonation)');
      }
      if (c.impersonation && !sides.has('creditor')) bad('impersonation', 'only creditor users can be impersonated: no impersonation');
      const params = [...String(c.path).matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      if (c.target) {
        const target = d.targets?.[c.target];
        if (!target) bad('target', `unknown target '${c.target}' (see targets)`);
        if (c.targetBy && c.targetKey) bad('targetKey', 'a target is named by targetBy or by targetKey, not both');
        if (c.targetBy) {
          // the spec names some targets in the body ({creditorDebitUpdateIdentifier}), not the path
          const field = form?.data.fields?.[c.targetBy];
          if (params.includes('id')) bad('targetBy', 'a target is named by the path {id} or by targetBy, not both');
          if (!field?.required || field.when || field.type !== 'id') bad('targetBy', `'${c.targetBy}' is no unconditionally required id field of form '${c.form}'`);
        } else if (c.targetKey) {
          // …and some by another unique key in the path (the creditor's SAP number: {sap})
          const { param, field: key } = c.targetKey;
          const field = target ? entities.get(target.entity)?.data.fields?.[key] : undefined;
          if (params.includes('id')) bad('targetKey', 'a target is named by the path {id} or by targetKey, not both');
          if (!params.includes(param)) bad(['targetKey', 'param'], `the path has no {${param}}`);
          if (target && !field) bad(['targetKey', 'field'], `entity '${target.entity}' has no field '${key}'`);
          else if (field && (!field.unique || !KEY_TYPES.has(field.type))) {
            bad(['targetKey', 'field'], `'${target.entity}.${key}' is no unique string or integer field (unique: true)`);
          }
        } else if (!params.includes('id')) bad('path', `a command with a target needs {id} in its path`);
        if (target && enums.has(target.enum)) {
          const states = valuesOf(target.enum);
          (c.from ?? []).forEach((s: string, i: number) => {
            if (!states.has(s)) bad(['from', i], `unknown state '${s}' of ${target.enum}`);
          });
          if (c.to !== undefined && !states.has(c.to)) bad('to', `unknown state '${c.to}' of ${target.enum}`);
        }
      } else {
        // {id} names a target; other parameters ({approvalId}) are handed to the handler as they are
        if (params.includes('id')) bad('path', 'the path parameter {id} needs a target');
        if (c.targetBy || c.targetKey) bad(c.targetBy ? 'targetBy' : 'targetKey', 'naming a target needs a target');
        if (c.from || c.to) bad(c.from ? 'from' : 'to', 'states need a target');
      }
      checkCreditorStates(c.creditorStatus, [...at, 'creditorStatus']);
      if (!actionTypes[c.actionLog]) bad('actionLog', `unknown action type '${c.actionLog}' (schema/texts/actionTypes.yaml)`);
      for (const key of ['failure', 'success', 'confirm', 'denied'] as const) checkText(c[key], [...at, key]);
      (c.notify ?? []).forEach((n: any, i: number) => {
        if (n.channel === 'notification' && !n.text) bad(['notify', i], 'a notification needs its text');
        if (n.channel === 'mail' && !n.template) bad(['notify', i], 'a mail needs its template');
        checkText(n.text, [...at, 'notify', i, 'text']);
      });
      if (typeof c.response === 'string' && !entities.has(c.response[0].toLowerCase() + c.response.slice(1))) {
        bad('response', `unknown entity '${c.response}'`);
      }
      if (c.selectBy) {
        const field = form?.data.fields?.[c.selectBy];
        if (!form) bad('selectBy', 'selectBy needs a form');
        else if (!field?.required || field.when) bad('selectBy', `'${c.selectBy}' is no unconditionally required field of form '${c.form}'`);
      }
      const route = `${c.method} ${String(c.path).replace(/\{\w+\}/g, '{}')}`;
      routes.set(route, [...(routes.get(route) ?? []), { file, name, selectBy: c.selectBy, public: c.public === true }]);
    }
  }
  // A form may serve several commands (the ident check and the creation take the same data), but the
  // route its dialog submits to must be one of them.
  for (const [formName, uses] of formUses) {
    const submit = forms.get(formName)!.data.submit;
    const route = submit ? `${submit.method ?? 'POST'} ${submit.path}` : undefined;
    if (route && !uses.some((u) => u.route === route)) {
      for (const u of uses) report(u.file, ['commands', u.name, 'form'], `form '${formName}' submits to ${route}, which no command using it serves`);
    }
  }
  for (const [route, list] of routes) {
    if (list.length < 2) continue;
    // one route is either open to anonymous callers or not
    if (list.some((c) => c.public) && !list.every((c) => c.public)) {
      for (const c of list) report(c.file, ['commands', c.name, 'public'], `route ${route} mixes public and non-public commands`);
    }
    const plain = list.filter((c) => !c.selectBy);
    const keys = list.map((c) => c.selectBy).filter(Boolean);
    if (plain.length > 1 || new Set(keys).size !== keys.length) {
      for (const c of list.slice(1)) {
        report(c.file, ['commands', c.name, 'path'], `route ${route} is shared by ${list.map((x) => x.name).join(', ')}: all but one need distinct selectBy fields`);
      }
    }
  }
}
