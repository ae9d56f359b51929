import { describe, expect, it, vi } from 'vitest';
import { commandButtons, formButtons } from '../../../generated/action-table';
import { commands } from '../../../generated/commands';
import { createButtons } from '../../../generated/create-buttons';
import { dialogCommands } from '../../../generated/dialog-commands';
import { forms } from '../../../generated/forms';
import { resources } from '../../../generated/resources';
import { actionCommand } from '../resources/action-permissions';
import type { CommandConfig, FormConfig } from '../../shared/config-types';
import { commandOfForm } from './command-of-form';
import { formFlows } from './form-flows';

// The list pages decide their create buttons and action tiles from generated/action-table.ts
// instead of every form and command (issue 32): the table must say what the whole ones say.
describe('the buttons table (generated/action-table.ts)', () => {
  it('has every form with its name, label, permission, query flag and submit', () => {
    expect(Object.keys(formButtons).sort()).toEqual(Object.keys(forms).sort());
    for (const form of Object.values(forms)) {
      const { name, label, permission, queryFlag, submit } = form;
      expect(formButtons[form.name]).toEqual(
        JSON.parse(JSON.stringify({ name, label, permission, queryFlag, submit })),
      );
    }
  });

  it('has every command with what a button asks of it', () => {
    expect(Object.keys(commandButtons).sort()).toEqual(Object.keys(commands).sort());
    for (const command of Object.values(commands)) {
      const button = commandButtons[command.name];
      expect(button.path).toBe(command.path);
      expect(button.form).toBe(command.form);
      expect(button.permission).toBe(command.permission);
      expect(button.adminPermission).toBe(command.adminPermission);
      expect(button.creditorStatus).toEqual(command.creditorStatus);
      expect(button.targetKey).toEqual(command.targetKey);
      expect(button.target?.entity).toBe(command.target?.entity);
      expect(button.target?.permissions).toBe(command.target?.permissions);
    }
  });

  it('finds the same command of a form and of an action as the whole tables', () => {
    for (const form of Object.values(forms)) {
      expect(commandOfForm(formButtons[form.name], commandButtons)?.name).toBe(
        commandOfForm(form, commands)?.name,
      );
      expect(actionCommand({ dialog: form.name })?.name).toBe(
        actionCommand({ dialog: form.name }, commands)?.name,
      );
    }
    expect(commandOfForm(formButtons.editDebtor, commandButtons)?.name).toBe('updateDebtor');
    for (const name of Object.keys(commands)) expect(actionCommand({ command: name })?.name).toBe(name);
  });

  it('has every list’s create button with its form and the command the form sends (generated/create-buttons.ts)', () => {
    const creating = Object.values(resources).filter((resource) => resource.list.create);
    expect(creating.length).toBeGreaterThan(0);
    expect(Object.keys(createButtons).sort()).toEqual(creating.map((resource) => resource.name).sort());
    for (const resource of creating) {
      const form = formButtons[resource.list.create?.form ?? ''];
      expect(createButtons[resource.name].form).toEqual(form);
      expect(createButtons[resource.name].command).toEqual(commandOfForm(form, commandButtons));
    }
  });

  it('marks the commands whose form is sent as multipart, as the forms say', () => {
    const multipart = new Set(
      Object.values(forms)
        .filter((form) => form.submit?.contentType === 'multipart')
        .map((form) => form.name),
    );
    expect(multipart.size).toBeGreaterThan(0);
    for (const command of Object.values(commands))
      expect(command.multipart ?? false).toBe(command.form !== undefined && multipart.has(command.form));
  });
});

// A form page imports its form's commands (generated/form-commands/<form>.ts) instead of the table of
// every command (issue 32): each must say what the whole table says of the form.
const FORM_COMMANDS = import.meta.glob<Record<string, Record<string, CommandConfig>>>(
  '../../../generated/form-commands/*.ts',
  { eager: true },
);
const commandsOf = (form: FormConfig): Record<string, CommandConfig> | undefined =>
  FORM_COMMANDS[
    `../../../generated/form-commands/${form.name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.ts`
  ]?.[`${form.name}Commands`];

describe('the commands of each form (generated/form-commands/<form>.ts)', () => {
  it('holds, for every form, the commands taking it as the whole table has them, in its order', () => {
    expect(Object.keys(FORM_COMMANDS)).toHaveLength(Object.keys(forms).length);
    for (const form of Object.values(forms)) {
      const taking = Object.values(commands).filter((command) => command.form === form.name);
      const own = commandsOf(form);
      expect(own, form.name).toBeDefined();
      expect(Object.keys(own ?? {}), form.name).toEqual(taking.map((command) => command.name));
      // the same objects: each command is written once, in its form's module, and the table imports it
      for (const command of taking) expect(own?.[command.name], command.name).toBe(command);
    }
  });

  it('gives every form the command its submit runs, as the whole table does', () => {
    let found = 0;
    for (const form of Object.values(forms)) {
      const own = commandOfForm(form, commandsOf(form) ?? {});
      expect(own, form.name).toEqual(commandOfForm(form, commands));
      if (own) found += 1;
    }
    expect(found).toBeGreaterThan(70);
    // the debtor's ident check takes the createDebtor form first; the submit runs createDebtor
    expect(commandOfForm(forms.createDebtor, commandsOf(forms.createDebtor) ?? {})?.name).toBe(
      'createDebtor',
    );
  });

  it('holds the command of every check step (formFlows)', () => {
    const checks = Object.entries(formFlows).flatMap(([name, flow]) =>
      flow.check ? [[name, flow.check.command]] : [],
    );
    expect(checks.length).toBeGreaterThan(1);
    for (const [name, check] of checks) {
      expect(commands[check], check).toBeDefined();
      expect(commandsOf(forms[name])?.[check], `${name}: ${check}`).toEqual(commands[check]);
    }
  });

  it('lets the create-admin flow send either register command from its form’s own table', async () => {
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        sent.push(url);
        return new Response('{"success":true}', { status: 200 });
      }),
    );
    const own = commandsOf(forms.createAdminUser) ?? {};
    const submit = formFlows.createAdminUser.submit!;
    await submit({ productAdmin: true, email: 'a@example.com' }, {}, {}, 'key-1', own);
    await submit({ productAdmin: false, email: 'a@example.com' }, {}, {}, 'key-2', own);
    expect(sent).toEqual([
      `/api${commands.registerProductAdministrator.path}`,
      `/api${commands.registerAdministrator.path}`,
    ]);
    expect(own.registerProductAdministrator).toEqual(commands.registerProductAdministrator);
    expect(own.registerAdministrator).toEqual(commands.registerAdministrator);
  });
});

// ActionDialog, QueryFlagForms and the dialogs they open take their commands from
// generated/dialog-commands.ts, not from the table of every command (which the browser never loads):
// it must hold every command an action or a query flag's form can run, as the whole table has it.
describe('the dialogs’ commands (generated/dialog-commands.ts)', () => {
  const actions = Object.values(resources).flatMap((resource) => resource.detail?.actions ?? []);
  const opened = [
    ...actions.flatMap((action) => (action.dialog ? [forms[action.dialog]] : [])),
    ...Object.values(forms).filter((form) => form.queryFlag),
  ];

  it('runs every action as the whole table does: its named command, or its form’s', () => {
    expect(actions.filter((action) => action.command).length).toBeGreaterThan(10);
    for (const action of actions) {
      const whole = actionCommand(action, commands);
      expect(actionCommand(action, dialogCommands), action.key).toBe(whole);
      if (action.command) expect(whole, action.key).toBeDefined();
    }
  });

  it('holds every command taking a form an action or a query flag opens (check steps and flows too)', () => {
    expect(opened.length).toBeGreaterThan(30);
    for (const form of opened)
      for (const command of Object.values(commands).filter((c) => c.form === form.name))
        expect(dialogCommands[command.name], `${form.name}: ${command.name}`).toBe(command);
  });

  it('leaves out the forms only a page of their own shows (the page imports its form’s module)', () => {
    for (const name of ['updatePassword', 'passwordReset', 'acceptTerms', 'sepaReturnImport', 'emailReminderSettings'])
      for (const command of Object.values(commands).filter((c) => c.form === name))
        expect(dialogCommands[command.name], command.name).toBeUndefined();
  });
});
