import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import de from '../../../generated/i18n/de.json' with { type: 'json' };

/**
 * Issue 15 item 2 "nothing raw": every value of every enumeration in schema/enums, every role and
 * every action type has a German label in the catalogue the portal shows (generated/i18n/de.json),
 * and the label does not read like a server value (GEKAUFT, snake_case), a programming word (null)
 * or a lazy plural ("Datei(en)").
 */
const root = join(import.meta.dirname, '../../..');
const enumDir = join(root, 'schema/enums');
const catalogue = de as unknown as Record<string, Record<string, Record<string, string> | string>>;

/** What a label must not look like. */
function rawProblem(label: unknown, value: string): string | null {
  if (typeof label !== 'string' || label.trim() === '') return 'no German label';
  // an upper-case label is a server value when it is the value itself (a name like DATEV is no code)
  if (/^[A-Z0-9_]+$/.test(label) && label === value && label.length > 3) return `reads like a server value: ${label}`;
  if (/_/.test(label)) return `contains a snake_case word: ${label}`;
  if (/\bnull\b|\bundefined\b/.test(label)) return `contains a programming word: ${label}`;
  if (/\((en|n|e|s)\)/.test(label)) return `lazy plural: ${label}`;
  return null;
}

const enumFiles = readdirSync(enumDir).filter((file) => file.endsWith('.yaml'));

describe('German labels of every enumeration value (schema/enums)', () => {
  it('finds the enumerations', () => {
    expect(enumFiles.length).toBeGreaterThan(20);
  });
  for (const file of enumFiles) {
    const spec = parse(readFileSync(join(enumDir, file), 'utf8')) as {
      enum: string;
      values: { value: string | number }[];
    };
    it(`${spec.enum}: each value has a German label that is no raw value`, () => {
      const labels = catalogue.enums[spec.enum] as Record<string, string> | undefined;
      expect(labels, `catalogue has no enums.${spec.enum}`).toBeDefined();
      const problems = spec.values
        .map((entry) => {
          const value = String(entry.value);
          const problem = rawProblem(labels?.[value], value);
          return problem ? `${spec.enum}.${value}: ${problem}` : null;
        })
        .filter(Boolean);
      expect(problems).toEqual([]);
    });
  }
});

describe('German labels of roles and action types', () => {
  it('every role of schema/roles.yaml has a German label', () => {
    const { roles } = parse(readFileSync(join(root, 'schema/roles.yaml'), 'utf8')) as { roles: Record<string, unknown> };
    const labels = catalogue.roles as Record<string, string>;
    const problems = Object.keys(roles)
      .map((role) => rawProblem(labels[role], role) && `${role}: ${rawProblem(labels[role], role)}`)
      .filter(Boolean);
    expect(Object.keys(roles).length).toBeGreaterThan(3);
    expect(problems).toEqual([]);
  });

  it('every action type of schema/texts/actionTypes.yaml has a German label', () => {
    const types = parse(readFileSync(join(root, 'schema/texts/actionTypes.yaml'), 'utf8')) as Record<string, unknown>;
    const labels = catalogue.actionTypes as Record<string, string>;
    const problems = Object.keys(types)
      .map((type) => rawProblem(labels[type], type) && `${type}: ${rawProblem(labels[type], type)}`)
      .filter(Boolean);
    expect(problems).toEqual([]);
  });

  it('rejects what reads raw (the check itself can fail)', () => {
    expect(rawProblem('GEKAUFT', 'GEKAUFT')).not.toBeNull();
    expect(rawProblem('Betrag ungültig (null)', '927')).not.toBeNull();
    expect(rawProblem('Bitte wählen Sie 1 Datei(en)', 'x')).not.toBeNull();
    expect(rawProblem(undefined, 'x')).not.toBeNull();
    expect(rawProblem('Angekauft', 'GEKAUFT')).toBeNull();
  });
});

describe('German texts without lazy plurals or programming words', () => {
  it('no text of the validation catalogue says "(en)" or "null"', () => {
    const texts = Object.entries(catalogue.validation as Record<string, string>);
    const bad = texts.filter(([, text]) => typeof text === 'string' && /\((en|n|e|s)\)|\bnull\b/.test(text));
    expect(texts.length).toBeGreaterThan(10);
    expect(bad).toEqual([]);
  });
});
