import { describe, expect, it } from 'vitest';
import { commandButtons, formButtons } from '../../../generated/action-table';
import { commands, multipartForms } from '../../../generated/commands';
import { createButtons } from '../../../generated/create-buttons';
import { forms } from '../../../generated/forms';
import { resources } from '../../../generated/resources';
import { actionCommand } from '../resources/action-permissions';
import { commandOfForm } from './command-of-form';

// The list pages decide their create buttons and action tiles from generated/action-table.ts
// instead of every form and command (issue 32): the table must say what the whole ones say.
describe('the buttons table (generated/action-table.ts)', () => {
  it('has every form with its name, label, permission, query flag and submit', () => {
    expect(Object.keys(formButtons).sort()).toEqual(Object.keys(forms).sort());
    for (const form of Object.values(forms)) {
      const { name, label, permission, queryFlag, submit } = form;
      expect(formButtons[form.name]).toEqual(JSON.parse(JSON.stringify({ name, label, permission, queryFlag, submit })));
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
      expect(commandOfForm(formButtons[form.name], commandButtons)?.name).toBe(commandOfForm(form, commands)?.name);
      expect(actionCommand({ dialog: form.name })?.name).toBe(actionCommand({ dialog: form.name }, commands)?.name);
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

  it('names the forms sent as multipart as the forms say', () => {
    const multipart = Object.values(forms).filter((form) => form.submit?.contentType === 'multipart');
    expect(multipart.length).toBeGreaterThan(0);
    expect([...multipartForms].sort()).toEqual(multipart.map((form) => form.name).sort());
  });
});
