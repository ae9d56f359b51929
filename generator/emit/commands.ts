import type { Model } from '../normalize';
import type { NormCommand } from '../normalize-commands';
import { camelToKebab, literal, tsFile } from './common';

// Path ids are 32-bit database ids: anything else is a 400 before the pipeline runs.
const idParam = { type: 'integer', minimum: 1, maximum: 2_147_483_647 };
const RESPONSE_KINDS: Record<string, Record<string, unknown>> = {
  id: { type: 'integer' },
  string: { type: 'string' },
  integer: { type: 'integer' },
  boolean: { type: 'boolean' },
  money: { type: 'integer', description: 'cents' },
  ids: { type: 'array', items: { type: 'integer' } },
};
const MESSAGE = { type: 'string', description: 'German text of the success message' };

function responseSchema(c: NormCommand): Record<string, unknown> {
  if (typeof c.response === 'string') return { $ref: `${c.response}#` };
  const fields = Object.entries(c.response ?? {}).map(([name, kind]) => [name, RESPONSE_KINDS[kind]]);
  return {
    type: 'object',
    properties: { ...Object.fromEntries(fields), success: { type: 'boolean' }, message: MESSAGE },
    required: ['success', 'message', ...fields.map(([name]) => name as string)],
  };
}

/**
 * The schema of a path parameter naming a target by a unique key (`targetKey`): the key field's
 * own type, a string never empty.
 */
function keyParam(model: Model, c: NormCommand): Record<string, unknown> {
  const field = model.entities.find((e) => e.name === c.target!.entity)!.fields.find((f) => f.name === c.targetKey!.field)!;
  if (field.type === 'integer') return { type: 'integer' };
  return { type: 'string', minLength: 1, ...(field.maxLength ? { maxLength: field.maxLength } : {}) };
}

/**
 * A path parameter's schema: a database id, unless it holds a target's unique key (`targetKey`) or
 * the command's form has a field of that name that is not an id (`{answerCode}`, `{followUpAction}`
 * of the work-queue answer) — then that field's own schema (a string, an enumeration), so path and
 * body follow the same rules.
 */
function paramSchema(model: Model, list: NormCommand[], name: string): Record<string, unknown> {
  if (name === 'id' || /(Id|Identifier)$/.test(name)) return idParam;
  const keyed = list.find((c) => c.targetKey?.param === name);
  if (keyed) return keyParam(model, keyed);
  for (const c of list) {
    const form = model.forms.find((f) => f.name === c.form);
    const field = (form?.schema.properties as Record<string, Record<string, unknown>> | undefined)?.[name];
    if (field) {
      const { title: _t, description: _d, default: _f, readOnly: _r, ...rest } = field;
      return rest;
    }
  }
  return idParam;
}

/**
 * A form's JSON schema as a route body: a marker the emitted file replaces by `formBody('<form>')`,
 * which takes the generated form's schema without its `$id` (two routes may share a form) — the
 * schema is written once, in generated/forms.
 */
const bodyOf = (_model: Model, form: string): string => `@@body:${form}@@`;

/**
 * The body of a route several commands share: `if` the body has the first command's `selectBy`
 * field `then` its form, `else` the next — so the validator reports the chosen form's own errors.
 */
function sharedBody(model: Model, list: NormCommand[]): Record<string, unknown> | string {
  const [first, ...rest] = [...list].sort((a, b) => Number(!a.selectBy) - Number(!b.selectBy));
  if (!first.selectBy) return bodyOf(model, first.form!);
  return {
    if: { type: 'object', required: [first.selectBy] },
    // biome-ignore lint/suspicious/noThenProperty: JSON-schema if/then, not a thenable
    then: bodyOf(model, first.form!),
    else: rest.length ? sharedBody(model, rest) : false,
  };
}

/**
 * `generated/commands.ts`: every command's config (the server's table; each command's object is
 * written once, in `generated/form-commands/<form>.ts` or `generated/formless-commands.ts`, and
 * imported here) and one route schema per method + path — request body from the form's JSON schema (several commands on one route: chosen
 * by their `selectBy` field), path ids, the response, tags and summary for OpenAPI.
 */
export function emitCommands(model: Model): Map<string, string> {
  const configOf = commandConfig(model);
  const byRoute = new Map<string, NormCommand[]>();
  for (const c of model.commands) byRoute.set(`${c.method} ${c.url}`, [...(byRoute.get(`${c.method} ${c.url}`) ?? []), c]);
  const routes = [...byRoute.values()].map((list) => {
    const first = list[0];
    const forms = list.filter((c) => c.form);
    const params = [...first.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const schema: Record<string, unknown> = {
      tags: first.tags,
      summary: list.map((c) => c.summary).join(' / '),
      ...(list.some((c) => c.description) ? { description: list.map((c) => c.description).filter(Boolean).join('\n\n') } : {}),
      ...(params.length
        ? { params: { type: 'object', properties: Object.fromEntries(params.map((p) => [p, paramSchema(model, list, p)])), required: params } }
        : {}),
      ...(forms.length === 1 ? { body: bodyOf(model, forms[0].form!) } : {}),
      ...(forms.length > 1 ? { body: sharedBody(model, forms) } : {}),
      response: { 200: list.length === 1 ? responseSchema(first) : { oneOf: list.map(responseSchema) } },
    };
    return { method: first.method, url: first.url, commands: list.map((c) => c.name), schema };
  });
  const body = [
    "import type { CommandConfig } from '../src/shared/config-types';",
    "import { forms } from './forms';",
    ...commandImports(model, model.commands, '.'),
    '',
    '/** A form\'s JSON schema as a request body (without its `$id`: several routes may share a form). */',
    'function formBody(form: string): Record<string, unknown> {',
    '  const { $id: _id, ...schema } = structuredClone(forms[form].schema);',
    '  return schema;',
    '}',
    '',
    '/** Every command of schema/commands, by name (each declared once: in its form\'s module or ./formless-commands). */',
    commandTable('commands', model.commands),
    '',
    '/** One route per method + path; `commands` are the commands it serves (several: told apart by selectBy). */',
    'export interface CommandRoute {',
    "  method: CommandConfig['method'];",
    '  url: string;',
    '  commands: string[];',
    '  schema: Record<string, unknown>;',
    '}',
    '',
    // pure calls: a bundle that does not use the routes (the browser's) drops them and every form's schema
    `export const commandRoutes: CommandRoute[] = ${literal(routes).replace(/"@@body:(\w+)@@"/g, "/* @__PURE__ */ formBody('$1')")};`,
  ].join('\n');
  const sources = [...new Set(model.commands.map((c) => c.source))];
  return new Map([
    ['commands.ts', tsFile(sources.length ? sources : ['schema/commands/'], body)],
    ['action-table.ts', emitActionTable(model, sources)],
    ['create-buttons.ts', emitCreateButtons(model)],
    ['dialog-commands.ts', emitDialogCommands(model)],
    ['formless-commands.ts', emitFormlessCommands(model, configOf)],
    ...emitFormCommands(model, configOf),
  ]);
}

/**
 * A command as `generated/commands.ts` holds it (client and server): without the OpenAPI texts and
 * the response, with `multipart` when its form is sent with files (`callCommand` sends the body so:
 * the import's preview, a check step).
 */
function commandConfig(model: Model) {
  const multipart = new Set(
    model.forms.filter((f) => f.submit?.contentType === 'multipart').map((f) => f.name),
  );
  return ({ response: _r, description: _d, summary: _u, tags: _t, source: _s, ...config }: NormCommand) => ({
    ...config,
    ...(config.form && multipart.has(config.form) ? { multipart: true } : {}),
  });
}

/** The name of a command's constant in the generated modules (`updatePassword` → `updatePasswordCommand`). */
const commandConst = (name: string) => `${name}Command`;

/** One command's object, declared once: in its form's module or, without a form, in formless-commands.ts. */
const commandDeclaration = (name: string, config: object) =>
  `export const ${commandConst(name)}: CommandConfig = ${literal(config)};`;

/** The imports of the given commands' constants from the modules that declare them (`dir`: their folder's parent). */
function commandImports(model: Model, list: NormCommand[], dir: string): string[] {
  const names = (of: NormCommand[]) => of.map((c) => commandConst(c.name)).join(', ');
  const formless = list.filter((c) => !c.form);
  return [
    ...model.forms
      .map((form) => [form.name, list.filter((c) => c.form === form.name)] as const)
      .filter(([, taking]) => taking.length > 0)
      .map(([form, taking]) => `import { ${names(taking)} } from '${dir}/form-commands/${camelToKebab(form)}';`),
    ...(formless.length ? [`import { ${names(formless)} } from '${dir}/formless-commands';`] : []),
  ];
}

/** A table of commands by name, of the imported or declared constants. */
const commandTable = (name: string, list: NormCommand[]) =>
  `export const ${name}: Record<string, CommandConfig> = {${list.map((c) => `\n  ${c.name}: ${commandConst(c.name)},`).join('')}${list.length ? '\n' : ''}};`;

/** `generated/formless-commands.ts`: the commands that take no form (a confirmation runs them), declared once. */
function emitFormlessCommands(model: Model, configOf: ReturnType<typeof commandConfig>): string {
  const formless = model.commands.filter((c) => !c.form);
  const body = [
    "import type { CommandConfig } from '../src/shared/config-types';",
    ...formless.flatMap((c) => ['', commandDeclaration(c.name, configOf(c))]),
  ].join('\n');
  const sources = [...new Set(formless.map((c) => c.source))];
  return tsFile(sources.length ? sources : ['schema/commands/'], body);
}

/**
 * `generated/dialog-commands.ts`: the commands a dialog opened from a detail's action or a query flag
 * may run (ActionDialog, QueryFlagForms and the dialogs they open): every command an action names,
 * and every command taking a form that an action or a query flag (also a list's create button) opens.
 * Not the commands of the forms only a page of their own shows (the password pages, the SEPA files,
 * the settings): that page imports its form's module, so no module is shared by both and the browser
 * build splits none off (a module two lazily loaded chunks share becomes a chunk of its own).
 */
function emitDialogCommands(model: Model): string {
  const actions = model.resources.flatMap((resource) => resource.detail?.actions ?? []);
  const named = new Set(actions.flatMap((action) => (action.command ? [action.command] : [])));
  const opened = new Set([
    ...actions.flatMap((action) => (action.dialog ? [action.dialog] : [])),
    ...model.forms.filter((form) => form.queryFlag).map((form) => form.name),
  ]);
  const list = model.commands.filter((c) => named.has(c.name) || (c.form !== undefined && opened.has(c.form)));
  const body = [
    "import type { CommandConfig } from '../src/shared/config-types';",
    ...commandImports(model, list, '.'),
    '',
    '/** The commands a detail\'s action or a query flag\'s form may run, by name (the same objects as in ./commands). */',
    commandTable('dialogCommands', list),
  ].join('\n');
  const sources = [...new Set([...model.resources.filter((r) => r.detail?.actions?.length).map((r) => r.source), ...list.map((c) => c.source)])];
  return tsFile(sources.length ? sources : ['schema/commands/'], body);
}

/**
 * `generated/form-commands/<form>.ts`: per form, the commands taking it (each its own exported
 * constant, the only place its object is written: `generated/commands.ts` imports it), in the order
 * of the whole table — the one its submit runs (`commandOfForm` finds the same here as in `generated/commands.ts`),
 * a check step's (createDebtor's ident check) and a flow's choice (createAdminUser's two registers).
 * A page with one form imports its own instead of every command (issue 32, item 2). Apart from
 * `generated/forms/<form>.ts`, which the table of every form imports.
 */
function emitFormCommands(model: Model, configOf: ReturnType<typeof commandConfig>): [string, string][] {
  return model.forms.map((form) => {
    const taking = model.commands.filter((c) => c.form === form.name);
    const body = [
      "import type { CommandConfig } from '../../src/shared/config-types';",
      ...taking.flatMap((c) => ['', commandDeclaration(c.name, configOf(c))]),
      '',
      `/** The commands taking the form ${form.name}, by name (the same objects as in ../commands.ts). */`,
      commandTable(`${form.name}Commands`, taking),
    ].join('\n');
    const commandSources = taking.length ? taking.map((c) => c.source) : ['schema/commands/'];
    const sources = [form.source, ...new Set(commandSources)];
    return [`form-commands/${camelToKebab(form.name)}.ts`, tsFile(sources, body)];
  });
}

/**
 * `generated/action-table.ts`: what a list's create button and a detail's action tiles need of the
 * forms and commands (names, labels, permissions, paths, creditor states, targets) — so a list page
 * decides its buttons without loading every form's schema and every command (issue 32, item 2);
 * the dialog behind a button loads the whole form and command when it opens.
 */
function emitActionTable(model: Model, sources: string[]): string {
  const formButtons = Object.fromEntries(model.forms.map((form) => [form.name, formButton(form)]));
  const commandButtons = Object.fromEntries(model.commands.map((c) => [c.name, commandButton(c)]));
  const body = [
    "import type { CommandConfig, CommandTarget, FormConfig } from '../src/shared/config-types';",
    '',
    "/** A form as a button needs it (the dialog loads the whole form from ./forms). */",
    "export type FormButton = Pick<FormConfig, 'name' | 'label' | 'permission' | 'queryFlag' | 'submit'>;",
    '',
    "/** A command as a button needs it (the dialog loads the whole command from ./commands). */",
    "export type CommandButton = Pick<CommandConfig, 'name' | 'form' | 'path' | 'permission' | 'adminPermission' | 'creditorStatus' | 'targetKey'> & {",
    "  target?: Pick<CommandTarget, 'entity' | 'permissions'>;",
    '};',
    '',
    '/** Every form of schema/forms, as its button needs it, by name. */',
    `export const formButtons: Record<string, FormButton> = ${literal(formButtons)};`,
    '',
    '/** Every command of schema/commands, as its button needs it, by name. */',
    `export const commandButtons: Record<string, CommandButton> = ${literal(commandButtons)};`,
  ].join('\n');
  const formSources = model.forms.map((f) => f.source);
  return tsFile([...(sources.length ? sources : ['schema/commands/']), ...formSources], body);
}

const pick = <T extends object>(value: T, keys: (keyof T)[]) =>
  Object.fromEntries(keys.filter((key) => value[key] !== undefined).map((key) => [key, value[key]]));
const formButton = (form: Model['forms'][number]) => pick(form, ['name', 'label', 'permission', 'queryFlag', 'submit']);
const commandButton = (c: NormCommand) => ({
  ...pick(c, ['name', 'form', 'path', 'permission', 'adminPermission', 'creditorStatus', 'targetKey']),
  ...(c.target ? { target: pick(c.target, ['entity', 'permissions']) } : {}),
});

/**
 * `generated/create-buttons.ts`: a list's create button (`list.create` of its resource) with its form
 * and the command the form's submit runs (as `commandOfForm` finds it: the one at the form's submit
 * path, else the first taking the form), so a list page loads neither the buttons' table of every
 * form and command nor the forms (issue 32, item 2: the detail's tiles load the table with it).
 */
function emitCreateButtons(model: Model): string {
  const buttons = Object.fromEntries(
    model.resources
      .filter((resource) => resource.list.create)
      .map((resource) => {
        const form = model.forms.find((f) => f.name === resource.list.create?.form);
        if (!form) throw new Error(`${resource.source}: the create form ${resource.list.create?.form} is unknown`);
        const taking = model.commands.filter((c) => c.form === form.name);
        const command = taking.find((c) => c.path === form.submit?.path) ?? taking[0];
        return [resource.name, { form: formButton(form), ...(command ? { command: commandButton(command) } : {}) }];
      }),
  );
  const body = [
    "import type { CommandButton, FormButton } from './action-table';",
    '',
    '/** A create button as the list shows it: its form and the command the form sends. */',
    'export interface CreateButton {',
    '  form: FormButton;',
    '  command?: CommandButton;',
    '}',
    '',
    '/** The create button of every list that has one (`list.create`), by resource. */',
    `export const createButtons: Record<string, CreateButton> = ${literal(buttons)};`,
  ].join('\n');
  const sources = model.resources.filter((r) => r.list.create).map((r) => r.source);
  return tsFile(sources.length ? sources : ['schema/resources/'], body);
}
