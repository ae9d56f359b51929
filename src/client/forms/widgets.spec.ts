import { describe, expect, it } from 'vitest';
import { forms } from '../../../generated/forms';
import { inputWidgetNames } from '../../../generated/widgets';
import { formWidgets } from './widgets';

const inputNames = [...inputWidgetNames];

describe('the form widget registry', () => {
  it.each(inputNames)('maps the input widget %s of widgets.yaml', (name) => {
    expect(formWidgets[name as keyof typeof formWidgets]).toBeTypeOf('function');
  });

  it('has a widget for every ui:widget a generated form uses', () => {
    const used = Object.values(forms).flatMap((form) =>
      Object.values(form.uiSchema)
        .map((ui) => (ui as Record<string, unknown>)?.['ui:widget'])
        .filter((widget): widget is string => typeof widget === 'string'),
    );
    expect(used.length).toBeGreaterThan(0);
    for (const widget of new Set(used)) expect(Object.keys(formWidgets)).toContain(widget);
  });
});
