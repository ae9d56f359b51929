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
 * `generated/commands.ts`: every command's config (client and server) and one route schema per
 * method + path — request body from the form's JSON schema (several commands on one route: chosen
 * by their `selectBy` field), path ids, the response, tags and summary for OpenAPI.
 */
export function emitCommands(model: Model): Map<string, string> {
  const configOf = commandConfig(model);
  const commands = Object.fromEntries(model.commands.map((c) => [c.name, configOf(c)]));
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
    '',
    '/** A form\'s JSON schema as a request body (without its `$id`: several routes may share a form). */',
    'function formBody(form: string): Record<string, unknown> {',
    '  const { $id: _id, ...schema } = structuredClone(forms[form].schema);',
    '  return schema;',
    '}',
    '',
    '/** Every command of schema/commands, by name. */',
    `export const commands: Record<string, CommandConfig> = ${literal(commands)};`,
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

/**
 * `generated/form-commands/<form>.ts`: per form, the commands taking it, in the order of the whole
 * table — the one its submit runs (`commandOfForm` finds the same here as in `generated/commands.ts`),
 * a check step's (createDebtor's ident check) and a flow's choice (createAdminUser's two registers).
 * A page with one form imports its own instead of every command (issue 32, item 2). Apart from
 * `generated/forms/<form>.ts`, which the table of every form imports: the dialogs that load that
 * table do not load these copies.
 */
function emitFormCommands(model: Model, configOf: ReturnType<typeof commandConfig>): [string, string][] {
  return model.forms.map((form) => {
    const taking = model.commands.filter((c) => c.form === form.name);
    const table = Object.fromEntries(taking.map((c) => [c.name, configOf(c)]));
    const body = [
      "import type { CommandConfig } from '../../src/shared/config-types';",
      '',
      `/** The commands taking the form ${form.name}, by name (as in ../commands.ts). */`,
      `export const ${form.name}Commands: Record<string, CommandConfig> = ${literal(table)};`,
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
