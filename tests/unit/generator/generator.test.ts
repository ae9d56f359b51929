import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../../generator/generate';
import { GeneratorError, loadTree } from '../../../generator/load';
import { writeFiles } from '../../../generator/write';

const fixture = join(import.meta.dirname, 'fixtures/basic');

/** A copy of the fixture with one file replaced, for the error cases. */
function fixtureWith(path: string, text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'kontor-gen-'));
  cpSync(fixture, dir, { recursive: true });
  writeFileSync(join(dir, path), text);
  return dir;
}

async function problemsOf(root: string): Promise<string[]> {
  try {
    await generate(loadTree(root));
  } catch (error) {
    if (error instanceof GeneratorError) return error.problems;
    throw error;
  }
  return [];
}

describe('generator', () => {
  it('emits the fixture exactly as snapshotted', async () => {
    const files = await generate(loadTree(fixture));
    expect([...files.keys()]).toMatchSnapshot();
    for (const [path, text] of files) {
      await expect(text).toMatchFileSnapshot(join('__snapshots__/basic', `${path}.snap`));
    }
  });

  it('is idempotent and does not mutate its input', async () => {
    const tree = loadTree(fixture);
    const before = JSON.stringify(tree.files.map((f) => f.data));
    const first = await generate(tree);
    const second = await generate(tree);
    expect(JSON.stringify(tree.files.map((f) => f.data))).toBe(before);
    expect([...second.entries()]).toEqual([...first.entries()]);
    const out = mkdtempSync(join(tmpdir(), 'kontor-gen-out-'));
    expect(writeFiles(out, first).written.length).toBe(first.size);
    expect(writeFiles(out, second)).toEqual({ written: [], removed: [] });
  });

  it('puts a do-not-edit header naming the source on every file', async () => {
    const files = await generate(loadTree(fixture));
    for (const [path, text] of files) {
      if (path.endsWith('.md')) continue;
      expect(text.slice(0, 300), path).toMatch(/do not edit/);
    }
    expect(files.get('resources/items.ts')).toContain('Source: schema/resources/items.yaml');
    expect(JSON.parse(files.get('schemas/Item.json')!).$comment).toContain('schema/entities/item.yaml');
  });

  it('emits command configs and one route schema per method and path, body from the form', async () => {
    const files = await generate(loadTree(fixture));
    const text = files.get('commands.ts')!;
    expect(text).toContain('Source: schema/commands/items.yaml');
    expect(text).toContain('"url": "/item/:id/close"');
    // the configs: each declared once, in its form's module (createItem) or formless-commands.ts (closeItem)
    expect(files.get('form-commands/create-item.ts')).toContain('"permission": "navigation.items"');
    expect(files.get('formless-commands.ts')).toContain('"permission": "actions.close"');
    expect(files.get('formless-commands.ts')).toContain('"roles": [\n    "ROLE_USER",\n    "ROLE_VIEWER"\n  ]');
  });

  it('emits per form the commands taking it, marked multipart when the form is sent with files', async () => {
    const files = await generate(loadTree(fixture));
    const own = files.get('form-commands/create-item.ts')!;
    expect(own).toContain('export const createItemCommand: CommandConfig = {\n  "name": "createItem",');
    expect(own).toContain('export const createItemCommands: Record<string, CommandConfig> = {\n  createItem: createItemCommand,\n};');
    expect(own).toContain('schema/commands/items.yaml');
    expect(own).not.toContain('"multipart"');
    const multipart = readFileSync(join(fixture, 'schema/forms/createItem.yaml'), 'utf8').replace(
      'submit: { path: /item/create }',
      'submit: { path: /item/create, contentType: multipart }',
    );
    const withFiles = await generate(loadTree(fixtureWith('schema/forms/createItem.yaml', multipart)));
    expect(withFiles.get('form-commands/create-item.ts')).toContain('"notify": [],\n  "multipart": true\n};');
  });

  it('lists in a form’s config the fields of each format whose check the browser loads lazily', async () => {
    const files = await generate(loadTree(fixture));
    expect(files.get('forms/create-item.ts')).toContain('"lazyFormats": {\n    "iban": [\n      "iban"\n    ]\n  },');
    expect(files.get('validation.ts')).toContain('export const lazyFormats = [\n  "iban"\n] as const;');
    const rules = readFileSync(join(fixture, 'schema/validation.yaml'), 'utf8');
    const eager = await generate(loadTree(fixtureWith('schema/validation.yaml', rules.replace(', lazy: true }', ' }'))));
    expect(eager.get('forms/create-item.ts')).not.toContain('lazyFormats');
    expect(eager.get('validation.ts')).toContain('export const lazyFormats = [] as const;');
    const keyword = rules.replace('positive: { kind: keyword, param: boolean,', 'positive: { kind: keyword, param: boolean, lazy: true,');
    expect(await problemsOf(fixtureWith('schema/validation.yaml', keyword))).toEqual([
      "schema/validation.yaml:5: only a format's check can be loaded lazily",
    ]);
  });

  it('writes each command once: in its form’s module or formless-commands.ts, imported by the tables', async () => {
    const files = await generate(loadTree(fixture));
    const declared = [...files].flatMap(([path, text]) =>
      [...text.matchAll(/^export const (\w+)Command: CommandConfig = \{\n {2}"name": "(\w+)"/gm)].map((m) => [path, m[1], m[2]]),
    );
    const names = [...files.get('commands.ts')!.matchAll(/^ {2}(\w+): \w+Command,$/gm)].map((m) => m[1]);
    expect(names.length).toBeGreaterThan(1);
    expect(declared.map(([, , name]) => name).sort()).toEqual([...names].sort());
    for (const [path, constant, name] of declared) {
      expect(constant).toBe(name);
      expect(path).toMatch(/^(form-commands\/[\w-]+|formless-commands)\.ts$/);
    }
    expect(files.get('commands.ts')).toContain("import { createItemCommand } from './form-commands/create-item';");
    expect(files.get('commands.ts')).not.toContain('"name":');
    // the dialogs' table holds what an action or a query flag's form may run, imported too
    const dialogs = files.get('dialog-commands.ts')!;
    expect(dialogs).not.toContain('"name":');
    expect(dialogs).toMatch(/export const dialogCommands: Record<string, CommandConfig> = \{/);
  });

  it('reports a broken transition, an unknown permission and a form on the wrong route with their lines', async () => {
    const text = readFileSync(join(fixture, 'schema/commands/items.yaml'), 'utf8')
      .replace('to: done', 'to: closed')
      .replace('permission: actions.close', 'permission: actions.shut')
      .replace('path: /item/create', 'path: /item/new')
      .replace('actionLog: item_close', 'actionLog: item_shut');
    const problems = await problemsOf(fixtureWith('schema/commands/items.yaml', text));
    expect([...problems].sort()).toEqual([
      "schema/commands/items.yaml:12: form 'createItem' submits to POST /item/create, which no command using it serves",
      "schema/commands/items.yaml:21: unknown state 'closed' of itemState",
      "schema/commands/items.yaml:22: unknown permission 'actions.shut'",
      "schema/commands/items.yaml:25: unknown action type 'item_shut' (schema/texts/actionTypes.yaml)",
    ].sort());
  });

  it('reports a command whose target has no {id} and a start state outside the enumeration', async () => {
    const text = readFileSync(join(fixture, 'schema/commands/items.yaml'), 'utf8')
      .replace("path: '/item/{id}/close'", 'path: /item/close')
      .replace('from: [open]', 'from: [opened]');
    const problems = await problemsOf(fixtureWith('schema/commands/items.yaml', text));
    expect(problems).toContain('schema/commands/items.yaml:18: a command with a target needs {id} in its path');
    expect(problems).toContain("schema/commands/items.yaml:20: unknown state 'opened' of itemState");
  });

  it('takes a public command without roles, refuses one with roles or a target, and {id} without a target', async () => {
    const base = readFileSync(join(fixture, 'schema/commands/items.yaml'), 'utf8');
    const open = base.replace('    actionLog: item_create\n', '    actionLog: item_create\n    public: true\n    roles: [users]\n');
    const problems = await problemsOf(fixtureWith('schema/commands/items.yaml', open));
    expect(problems).toContain("schema/commands/items.yaml:15: a public command (taken without a login) cannot have 'roles'");
    const fine = await problemsOf(fixtureWith('schema/commands/items.yaml', base.replace('    actionLog: item_create\n', '    actionLog: item_create\n    public: true\n')));
    expect(fine).toEqual([]);
    const param = await problemsOf(
      fixtureWith('schema/commands/items.yaml', base.replace('path: /item/create', "path: '/item/create/{kind}'")),
    );
    expect(param.filter((p) => p.includes('{kind}') || p.includes('needs a target'))).toEqual([]);
  });

  it('names a target by a unique key in the path (targetKey), and refuses a key that is not unique or not in the path', async () => {
    const base = readFileSync(join(fixture, 'schema/commands/items.yaml'), 'utf8');
    const byName = (path: string) =>
      `${base}  closeItemByName:
    label: { de: Posten per Name schließen, en: Close item by name }
    method: POST
    path: '${path}'
    target: item
    targetKey: { param: name, field: name }
    from: [open]
    to: done
    actionLog: item_close
    permission: actions.close
`;
    const notUnique = await problemsOf(fixtureWith('schema/commands/items.yaml', byName('/item/close-by-name/{name}')));
    expect(notUnique).toEqual(["schema/commands/items.yaml:31: 'item.name' is no unique string or integer field (unique: true)"]);

    const root = fixtureWith('schema/commands/items.yaml', byName('/item/close-by-name/{name}'));
    const entity = readFileSync(join(root, 'schema/entities/item.yaml'), 'utf8');
    writeFileSync(join(root, 'schema/entities/item.yaml'), entity.replace('maxLength: 80 }', 'maxLength: 80, unique: true }'));
    const files = await generate(loadTree(root));
    const text = files.get('commands.ts')!;
    expect(files.get('formless-commands.ts')).toContain('"targetKey": {\n    "param": "name",\n    "field": "name"\n  }');
    // the path parameter follows the key field's rules, not a database id's
    expect(text).toMatch(/"url": "\/item\/close-by-name\/:name"[\s\S]*?"name": \{\n\s+"type": "string",\n\s+"minLength": 1,\n\s+"maxLength": 80/);

    writeFileSync(join(root, 'schema/commands/items.yaml'), byName('/item/{id}/close-by-name'));
    expect(await problemsOf(root)).toEqual([
      'schema/commands/items.yaml:31: a target is named by the path {id} or by targetKey, not both',
      'schema/commands/items.yaml:31: the path has no {name}',
    ]);
  });

  it('refuses a command that names no permission, and an impersonation rule other than allowed or refused (issue 26)', async () => {
    const base = readFileSync(join(fixture, 'schema/commands/items.yaml'), 'utf8');
    const unnamed = base.replace('    permission: actions.close\n', '');
    expect(await problemsOf(fixtureWith('schema/commands/items.yaml', unnamed))).toEqual([
      "schema/commands/items.yaml:16: a command creditor users take needs a permission (its own, its form's or 'creditorUser')",
    ]);
    // `creditorUser` names "every creditor user" explicitly
    const everyone = base.replace('    permission: actions.close\n', '    permission: creditorUser\n');
    expect(await problemsOf(fixtureWith('schema/commands/items.yaml', everyone))).toEqual([]);
    const unknownRule = base.replace('    permission: actions.close\n', '    permission: actions.close\n    impersonation: sometimes\n');
    const problems = await problemsOf(fixtureWith('schema/commands/items.yaml', unknownRule));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^schema\/commands\/items\.yaml:\d+: .*impersonation.* must be equal to one of the allowed values/);
  });

  it('reports a YAML syntax error as file:line', async () => {
    const root = fixtureWith('schema/entities/owner.yaml', 'entity: owner\nlabel: { de: Inhaber, en: Owner }\nfields:\n  name: [unclosed\n');
    const problems = await problemsOf(root);
    expect(problems[0]).toMatch(/^schema\/entities\/owner\.yaml:\d+: /);
  });

  it('reports a meta-schema violation at the line of the offending key', async () => {
    const text = readFileSync(join(fixture, 'schema/entities/item.yaml'), 'utf8').replace(
      "  amount: { type: money }",
      "  amount: { type: moneyy }",
    );
    const problems = await problemsOf(fixtureWith('schema/entities/item.yaml', text));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^schema\/entities\/item\.yaml:7: \/fields\/amount\/type must be equal to one of the allowed values/);
  });

  it('wants a width for every list column, with its line (the list fits and lays out by them)', async () => {
    const resource = readFileSync(join(fixture, 'schema/resources/items.yaml'), 'utf8').replace(
      "en: Sum }, width: 110 }",
      'en: Sum } }',
    );
    expect(await problemsOf(fixtureWith('schema/resources/items.yaml', resource))).toEqual([
      "schema/resources/items.yaml:13: list column 'amount' needs a width (px, without the cell padding)",
    ]);
  });

  it('reports unknown keys, enums, fields, permissions and widgets with their lines', async () => {
    const resource = readFileSync(join(fixture, 'schema/resources/items.yaml'), 'utf8')
      .replace('- { value: owner.name, width: 160 }', '- { value: owner.nmae, width: 160 }')
      .replace('permission: actions.close', 'permission: actions.open')
      .replace('width: 200', 'width: 200, widht: 3');
    const problems = await problemsOf(fixtureWith('schema/resources/items.yaml', resource));
    expect(problems).toEqual(["schema/resources/items.yaml:12: unknown key 'widht' in /list/columns/0"]);
    const fixedKey = resource.replace(', widht: 3', '');
    const refProblems = await problemsOf(fixtureWith('schema/resources/items.yaml', fixedKey));
    expect(refProblems).toEqual([
      "schema/resources/items.yaml:14: 'owner.nmae' is not a field of item",
      "schema/resources/items.yaml:27: unknown permission 'actions.open'",
    ]);
    const owner = readFileSync(join(fixture, 'schema/entities/owner.yaml'), 'utf8').replace('widget: iban', 'widget: ibna');
    expect(await problemsOf(fixtureWith('schema/entities/owner.yaml', owner))).toEqual([
      "schema/entities/owner.yaml:5: unknown widget 'ibna'",
    ]);
  });

  it('checks row links, group filters, record permissions, action conditions and table links', async () => {
    const resource = readFileSync(join(fixture, 'schema/resources/items.yaml'), 'utf8')
      .replace('rowLink: { resource: archive, when: { state: [done, redone], dueOn: [null] } }', 'rowLink: { resource: archiv, when: { state: [gone], due: [null] } }')
      .replace('enum: itemState, groups: true', 'groups: true')
      .replace('recordPermission: close, when: { state: [open] }', 'recordPermission: open, when: { state: [true] }');
    expect(await problemsOf(fixtureWith('schema/resources/items.yaml', resource))).toEqual([
      "schema/resources/items.yaml:17: filter 'stateGroup' with groups needs an enum with groups",
      "schema/resources/items.yaml:18: unknown resource 'archiv'",
      "schema/resources/items.yaml:18: 'gone' is no value of item.state",
      "schema/resources/items.yaml:18: 'due' is not a field of item",
      "schema/resources/items.yaml:25: rows of itemVersion lack 'due', which the rowLink of items needs",
      "schema/resources/items.yaml:27: 'permissions.open' is not a field of item",
      "schema/resources/items.yaml:27: 'true' is no value of item.state",
    ]);
    const search = readFileSync(join(fixture, 'schema/resources/items.yaml'), 'utf8').replace('kind: select, enum: itemState, groups: true', 'kind: search, enum: itemState, groups: true, productGroupsOnly: true');
    expect(await problemsOf(fixtureWith('schema/resources/items.yaml', search))).toEqual([
      "schema/resources/items.yaml:17: filter 'stateGroup' takes groups or productGroupsOnly, not both",
      "schema/resources/items.yaml:17: filter 'stateGroup' with groups must be a select or multiSelect",
    ]);
    // rows of a linked table must carry what the target's rowLink decides on
    const versions = readFileSync(join(fixture, 'schema/entities/itemVersion.yaml'), 'utf8').replace(/ {2}dueOn: .*\n/, '');
    expect(await problemsOf(fixtureWith('schema/entities/itemVersion.yaml', versions))).toEqual([
      "schema/resources/items.yaml:25: rows of itemVersion lack 'dueOn', which the rowLink of items needs",
    ]);
  });

  it('emits group filters, row links and record-bound actions; a resource without show', async () => {
    const files = await generate(loadTree(fixture));
    const config = (path: string) => {
      const text = files.get(path)!;
      return JSON.parse(text.slice(text.indexOf('= {') + 2, text.lastIndexOf('}') + 1));
    };
    const items = config('resources/items.ts');
    expect(items.list.rowLink).toEqual({ resource: 'archive', when: { state: ['done', 'redone'], dueOn: [null] } });
    expect(items.list.filters[1]).toMatchObject({ key: 'stateGroup', enum: 'itemState', groups: true });
    expect(items.detail.actions[0]).toMatchObject({ recordPermission: 'close', when: { state: ['open'] } });
    expect(items.detail.tabs[1].table.link).toBe('items');
    const archive = config('resources/archive.ts');
    expect(archive.api.show).toBeUndefined();
    expect(archive.detail.actions.map((a: { key: string }) => a.key)).toEqual(['restore', 'inspect']);
    // the group filter's query string takes group names, the variant names its groups per enum
    const routes = files.get('routes/items.ts')!;
    expect(routes).toContain('"finished"');
    expect(files.get('products/one.ts')).toContain('"itemState": [\n      "finished"');
  });

  it('keeps input and display widgets apart', async () => {
    const files = await generate(loadTree(fixture));
    expect(files.get('widgets.ts')).toContain('export const displayWidgetNames = [\n  "trafficLight"\n]');
    const form = readFileSync(join(fixture, 'schema/forms/createItem.yaml'), 'utf8').replace(
      "label: { de: Art, en: Kind } }",
      "label: { de: Art, en: Kind }, widget: trafficLight }",
    );
    expect(await problemsOf(fixtureWith('schema/forms/createItem.yaml', form))).toEqual([
      "schema/forms/createItem.yaml:8: 'trafficLight' is a display widget, not an input",
    ]);
  });

  it('passes dependsOn to the widget and refuses one naming no field of the form', async () => {
    const form = readFileSync(join(fixture, 'schema/forms/createItem.yaml'), 'utf8').replace(
      'fee: { type: money, label: { de: Gebühr, en: Fee } }',
      'fee: { type: money, label: { de: Gebühr, en: Fee }, dependsOn: amount }',
    );
    const files = await generate(loadTree(fixtureWith('schema/forms/createItem.yaml', form)));
    expect(files.get('forms/create-item.ts')).toMatch(/"fee": \{[^}]*"ui:options": \{\s*"dependsOn": "amount"/);
    const wrong = form.replace('dependsOn: amount', 'dependsOn: amuont');
    expect(await problemsOf(fixtureWith('schema/forms/createItem.yaml', wrong))).toEqual([
      "schema/forms/createItem.yaml:13: depends on unknown field 'amuont'",
    ]);
  });

  it("shows a field through its entity field's display widget in columns and details, never an input widget", async () => {
    const item = readFileSync(join(fixture, 'schema/entities/item.yaml'), 'utf8').replace(
      'name: { type: string, required: true, maxLength: 80 }',
      'name: { type: string, required: true, maxLength: 80, widget: trafficLight }',
    );
    const files = await generate(loadTree(fixtureWith('schema/entities/item.yaml', item)));
    const text = files.get('resources/items.ts')!;
    const items = JSON.parse(text.slice(text.indexOf('= {') + 2, text.lastIndexOf('}') + 1));
    expect(items.list.columns[0]).toMatchObject({ value: 'name', widget: 'trafficLight' });
    expect(items.detail.header[0]).toMatchObject({ value: 'name', widget: 'trafficLight' });
    // owner.iban names the input widget iban: that one is for forms only
    expect(items.detail.tabs[0].fields[1]).toMatchObject({ value: 'owner.iban', type: 'iban' });
    expect(items.detail.tabs[0].fields[1]).not.toHaveProperty('widget');
  });

  it('lets a detail field name its own display widget, and refuses one that is none', async () => {
    const resource = readFileSync(join(fixture, 'schema/resources/items.yaml'), 'utf8');
    const withWidget = (widget: string) =>
      resource.replace('fields: [owner.name, owner.iban]', `fields: [{ value: owner.name, widget: ${widget} }, owner.iban]`);
    const files = await generate(loadTree(fixtureWith('schema/resources/items.yaml', withWidget('trafficLight'))));
    const text = files.get('resources/items.ts')!;
    const items = JSON.parse(text.slice(text.indexOf('= {') + 2, text.lastIndexOf('}') + 1));
    expect(items.detail.tabs[0].fields[0]).toMatchObject({ value: 'owner.name', widget: 'trafficLight' });
    // the list column of the same field keeps its entity field's (here: none)
    expect(items.list.columns.find((c: { value: string }) => c.value === 'owner.name')).not.toHaveProperty('widget');
    expect(await problemsOf(fixtureWith('schema/resources/items.yaml', withWidget('trafficLigth')))).toEqual([
      "schema/resources/items.yaml:22: unknown display widget 'trafficLigth'",
    ]);
  });

  it('labels loaded filter options through a text namespace and checks it', async () => {
    const resource = readFileSync(join(fixture, 'schema/resources/items.yaml'), 'utf8');
    const withFilter = (filter: string) =>
      resource.replace(
        '  rowLink:',
        `    - { key: kind, kind: multiSelect, ${filter}, label: { de: Art, en: Kind } }\n  rowLink:`,
      );
    const files = await generate(
      loadTree(fixtureWith('schema/resources/items.yaml', withFilter('optionsPath: /kind/list, optionLabels: actionTypes'))),
    );
    const text = files.get('resources/items.ts')!;
    const items = JSON.parse(text.slice(text.indexOf('= {') + 2, text.lastIndexOf('}') + 1));
    expect(items.list.filters[2]).toMatchObject({ key: 'kind', optionsPath: '/kind/list', optionLabels: 'actionTypes' });
    expect(await problemsOf(fixtureWith('schema/resources/items.yaml', withFilter('optionLabels: actionTyps')))).toEqual([
      "schema/resources/items.yaml:18: filter 'kind' with optionLabels needs an optionsPath",
      "schema/resources/items.yaml:18: unknown text namespace 'actionTyps' (schema/texts/actionTyps.yaml)",
    ]);
  });

  it('rejects a wording override of a text that does not exist', async () => {
    const variant = readFileSync(join(fixture, 'variants/one.yaml'), 'utf8').replace('de: { resources.items.name', 'de: { resources.item.name');
    const problems = await problemsOf(fixtureWith('variants/one.yaml', variant));
    expect(problems).toEqual([
      "variants/one.yaml:12: wording overrides 'resources.item.name', which is no text of the catalogue",
    ]);
  });

  it('writes nothing when the tree has a problem', async () => {
    const root = fixtureWith('schema/enums/itemState.yaml', 'enum: itemState\nlabel: { de: Z, en: S }\nvalues: []\n');
    await expect(generate(loadTree(root))).rejects.toBeInstanceOf(GeneratorError);
  });
});

describe('generator forms', () => {
  it('emits a form schema with conditional requirements, rules and a uiSchema of i18n keys', async () => {
    const files = await generate(loadTree(fixture));
    const text = files.get('forms/create-item.ts')!;
    const form = JSON.parse(text.slice(text.indexOf('= {') + 2, text.lastIndexOf('}') + 1));
    expect(form.schema.required).toEqual(['kind', 'name', 'amount', 'agreed']);
    expect(form.schema.properties.agreed).toEqual({ type: 'boolean', const: true });
    expect(form.schema.properties.iban.format).toBe('iban');
    expect(form.schema.properties.amount.moneyAtLeast).toBe(100);
    expect(form.schema.allOf).toEqual([
      // biome-ignore lint/suspicious/noThenProperty: JSON-schema if/then
      { if: { properties: { kind: { enum: ['done'] } }, required: ['kind'] }, then: { required: ['iban'], properties: { iban: { type: 'string', notBlank: true } } } },
    ]);
    expect(form.conditions).toEqual({ iban: { kind: ['done'] } });
    expect(form.uiSchema['ui:order']).toEqual(['kind', 'name', 'amount', 'iban', 'agreed', 'fee', 'scans', 'papers']);
    // defaults of validation.yaml apply unless the field sets its own bound
    expect(form.schema.properties.fee.positive).toBe(true);
    expect(form.schema.properties.amount.positive).toBeUndefined();
    // item-scoped rules check each file, and two file fields never share their item schema
    expect(form.schema.properties.scans.items.fileTypes).toEqual(['pdf']);
    expect(form.schema.properties.papers.items.fileTypes).toEqual(['pdf', 'xml']);
    expect(form.schema.properties.papers.fileTypes).toBeUndefined();
    expect(form.uiSchema.agreed).toEqual({ 'ui:title': 'forms.createItem.fields.agreed', 'ui:widget': 'checkbox', 'ui:help': 'forms.createItem.help.agreed' });
  });

  it('makes every required text non-blank, also under a condition; not an enumeration or an optional text (issue 25)', async () => {
    const formOf = (files: Map<string, string>) => {
      const text = files.get('forms/create-item.ts')!;
      return JSON.parse(text.slice(text.indexOf('= {') + 2, text.lastIndexOf('}') + 1));
    };
    const form = formOf(await generate(loadTree(fixture)));
    expect(form.schema.properties.name).toMatchObject({ type: 'string', notBlank: true });
    expect(form.schema.properties.kind.notBlank).toBeUndefined();
    expect(form.schema.allOf[0].then.properties).toEqual({ iban: { type: 'string', notBlank: true } });
    const optional = readFileSync(join(fixture, 'schema/forms/createItem.yaml'), 'utf8').replace(
      'name: { type: string, required: true, maxLength: 80 }',
      'name: { type: string, maxLength: 80 }',
    );
    expect(formOf(await generate(loadTree(fixtureWith('schema/forms/createItem.yaml', optional)))).schema.properties.name.notBlank).toBeUndefined();
    // a tree whose validation.yaml has no notBlank rule still refuses "" after trimming
    const rules = readFileSync(join(fixture, 'schema/validation.yaml'), 'utf8').replace(/^ {2}notBlank:.*\n/m, '');
    expect(formOf(await generate(loadTree(fixtureWith('schema/validation.yaml', rules)))).schema.properties.name.minLength).toBe(1);
  });

  it('rejects unknown rules, wrong rule parameters and conditions on unknown values', async () => {
    const form = readFileSync(join(fixture, 'schema/forms/createItem.yaml'), 'utf8')
      .replace('moneyAtLeast: 100', "moneyAtLeast: 'x'")
      .replace('rules: { iban: true }', 'rules: { ibn: true }')
      .replace('when: { kind: done }', 'when: { kind: gone }');
    expect(await problemsOf(fixtureWith('schema/forms/createItem.yaml', form))).toEqual([
      "schema/forms/createItem.yaml:10: rule 'moneyAtLeast' takes a parameter of type integer",
      "schema/forms/createItem.yaml:11: unknown validation rule 'ibn' (see schema/validation.yaml)",
      "schema/forms/createItem.yaml:11: 'gone' is no value of itemState",
    ]);
  });

  it('takes a variant\'s dunning schedule, refuses steps out of order or below one day', async () => {
    const base = readFileSync(join(fixture, 'variants/one.yaml'), 'utf8');
    const ok = await problemsOf(fixtureWith('variants/one.yaml', `${base}dunning: { paymentReminderAfterDays: 5, dunningAfterDays: 20 }\n`));
    expect(ok).toEqual([]);
    const order = await problemsOf(fixtureWith('variants/one.yaml', `${base}dunning: { dunningAfterDays: 80 }\n`));
    expect(order).toEqual([
      'variants/one.yaml:14: dunning steps must come in order: paymentReminderAfterDays < dunningAfterDays < encashmentAfterDays',
    ]);
    const zero = await problemsOf(fixtureWith('variants/one.yaml', `${base}dunning: { paymentReminderAfterDays: 0, extra: 1 }\n`));
    expect(zero.join('\n')).toMatch(/variants\/one\.yaml:14: .*paymentReminderAfterDays must be >= 1/);
    expect(zero.join('\n')).toMatch(/extra/);
  });
});
