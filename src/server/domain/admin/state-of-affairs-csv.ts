import { parse } from 'csv-parse/sync';
import { enums } from '../../../../generated/enums';
import { germanText } from '../../commands/command-audit';
import { toCsv } from '../../services/csv-writer';

/**
 * The state-of-affairs import file (document 2 §7 "POST /state-of-affairs/import", shape not shown).
 * Decision: one row per answer option; the state's own columns repeat on each of its rows and must
 * agree. Columns (header names as below, in any order; README.md beside this file):
 *
 * code; title; text; followUpAction; rejectAction; acceptFileRequired; rejectFileRequired;
 * optionType; optionCode; optionText; fullAmount; noteRequired
 */
export const CSV_COLUMNS = [
  'code',
  'title',
  'text',
  'followUpAction',
  'rejectAction',
  'acceptFileRequired',
  'rejectFileRequired',
  'optionType',
  'optionCode',
  'optionText',
  'fullAmount',
  'noteRequired',
] as const;
type Column = (typeof CSV_COLUMNS)[number];
const REQUIRED: Column[] = ['code', 'title', 'followUpAction', 'optionType', 'optionCode', 'optionText'];
const STATE_COLUMNS: Column[] = [
  'title',
  'text',
  'followUpAction',
  'rejectAction',
  'acceptFileRequired',
  'rejectFileRequired',
];
const MAX_LENGTH: Partial<Record<Column, number>> = {
  code: 20,
  title: 200,
  text: 2000,
  optionCode: 20,
  optionText: 500,
};
export const MAX_ROWS = 5000;
const CODE = /^[A-Za-z0-9_-]+$/;
const FOLLOW_UPS = enums.workQueueFollowUp.values.map((v) => String(v.value));
const OPTION_TYPES: Record<string, boolean> = {
  accepted: true,
  angenommen: true,
  rejected: false,
  abgelehnt: false,
};
const BOOLEANS: Record<string, boolean> = {
  ja: true,
  j: true,
  true: true,
  '1': true,
  x: true,
  nein: false,
  n: false,
  false: false,
  '0': false,
};

export interface StateRow {
  code: string;
  title: string;
  text: string | null;
  followUpAction: string;
  rejectAction: string;
  acceptFileRequired: boolean;
  rejectFileRequired: boolean;
}
export interface OptionRow {
  stateCode: string;
  accepted: boolean;
  code: string;
  text: string;
  fullAmount: boolean;
  noteRequired: boolean;
  position: number;
}
export interface PreviewRow {
  line: number;
  code: string;
  title: string;
  optionType: string;
  optionCode: string;
  optionText: string;
  errors: string[];
}
export interface ParsedImport {
  fileErrors: string[];
  rows: PreviewRow[];
  states: StateRow[];
  options: OptionRow[];
}

const text = (key: string, params: Record<string, unknown> = {}) =>
  germanText(`stateOfAffairsImport.${key}`, params);

/** Bytes as text: UTF-8 (BOM dropped), or Windows-1252 when they are not valid UTF-8 (older Excel). */
function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** `;` as German spreadsheets write it, `,` when the header line has no `;`. */
const delimiterOf = (content: string) => ((content.split(/\r?\n/, 1)[0] ?? '').includes(';') ? ';' : ',');

/**
 * Parses and checks an import file row by row. Every problem is a German text at its row (or at
 * the file); `states` and `options` are what an error-free file would write.
 *
 * @example parseStateOfAffairsCsv(Buffer.from('code;title;…\r\nSV-1;Frage;…')).rows[0].errors // []
 */
export function parseStateOfAffairsCsv(bytes: Uint8Array): ParsedImport {
  const result: ParsedImport = { fileErrors: [], rows: [], states: [], options: [] };
  const content = decode(bytes);
  let records: string[][];
  try {
    records = parse(content, {
      delimiter: delimiterOf(content),
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as string[][];
  } catch (error) {
    result.fileErrors.push(text('fileUnreadable', { detail: (error as Error).message.split('\n')[0] }));
    return result;
  }
  const [header = [], ...data] = records;
  const names = header.map((name) => name.trim());
  const missing = CSV_COLUMNS.filter((column) => REQUIRED.includes(column) && !names.includes(column));
  const unknown = names.filter((name) => name && !(CSV_COLUMNS as readonly string[]).includes(name));
  if (missing.length) result.fileErrors.push(text('missingColumns', { columns: missing.join(', ') }));
  if (unknown.length) result.fileErrors.push(text('unknownColumns', { columns: unknown.join(', ') }));
  if (data.length === 0) result.fileErrors.push(text('noRows'));
  if (data.length > MAX_ROWS) result.fileErrors.push(text('tooManyRows', { max: MAX_ROWS }));
  if (result.fileErrors.length) return result;

  const firstOfState = new Map<string, { line: number; state: StateRow; types: Set<boolean> }>();
  const optionLines = new Map<string, number>();
  data.forEach((record, index) => {
    // the header is line 1; blank lines are skipped by the parser, so this counts data rows
    const line = index + 2;
    const errors: string[] = [];
    const value = (column: Column) => {
      const at = names.indexOf(column);
      return at < 0 ? '' : (record[at] ?? '').trim();
    };
    if (record.length !== names.length)
      errors.push(text('columnCount', { found: record.length, expected: names.length }));
    for (const column of CSV_COLUMNS) {
      const v = value(column);
      if (!v && REQUIRED.includes(column)) errors.push(text('required', { column }));
      const max = MAX_LENGTH[column];
      if (max && v.length > max) errors.push(text('tooLong', { column, max }));
    }
    for (const column of ['code', 'optionCode'] as const) {
      const v = value(column);
      if (v && !CODE.test(v)) errors.push(text('badCode', { column }));
    }
    const choice = (column: Column, allowed: string[], fallback?: string): string => {
      const v = value(column) || fallback || '';
      if (v && !allowed.includes(v))
        errors.push(text('badChoice', { column, value: v, allowed: allowed.join(', ') }));
      return v;
    };
    const flag = (column: Column, fallback: boolean): boolean => {
      const v = value(column).toLowerCase();
      if (!v) return fallback;
      if (!(v in BOOLEANS)) errors.push(text('badBoolean', { column, value: value(column) }));
      return BOOLEANS[v] ?? fallback;
    };
    const state: StateRow = {
      code: value('code'),
      title: value('title'),
      text: value('text') || null,
      followUpAction: choice('followUpAction', FOLLOW_UPS),
      rejectAction: choice('rejectAction', FOLLOW_UPS, 'default'),
      acceptFileRequired: flag('acceptFileRequired', false),
      rejectFileRequired: flag('rejectFileRequired', false),
    };
    const optionType = value('optionType').toLowerCase();
    if (optionType && !(optionType in OPTION_TYPES)) {
      errors.push(
        text('badChoice', {
          column: 'optionType',
          value: value('optionType'),
          allowed: 'accepted, rejected',
        }),
      );
    }
    const accepted = OPTION_TYPES[optionType];
    const option: OptionRow = {
      stateCode: state.code,
      accepted,
      code: value('optionCode'),
      text: value('optionText'),
      fullAmount: flag('fullAmount', true),
      noteRequired: flag('noteRequired', false),
      position: 0,
    };

    if (state.code) {
      const first = firstOfState.get(state.code);
      if (!first)
        firstOfState.set(state.code, {
          line,
          state,
          types: new Set(accepted === undefined ? [] : [accepted]),
        });
      else {
        for (const column of STATE_COLUMNS) {
          if (first.state[column as keyof StateRow] !== state[column as keyof StateRow]) {
            errors.push(text('inconsistentState', { column, line: first.line }));
          }
        }
        if (accepted !== undefined) first.types.add(accepted);
      }
      const optionKey = `${state.code}\u0000${option.code}`;
      const seen = optionLines.get(optionKey);
      if (option.code && seen !== undefined)
        errors.push(text('duplicateOption', { code: option.code, line: seen }));
      else if (option.code) optionLines.set(optionKey, line);
    }
    result.rows.push({
      line,
      code: state.code,
      title: state.title,
      optionType: value('optionType'),
      optionCode: option.code,
      optionText: option.text,
      errors,
    });
    if (errors.length === 0) {
      if (firstOfState.get(state.code)?.line === line) result.states.push(state);
      result.options.push(option);
    }
  });
  // every state needs an accepted and a rejected answer: the error goes to its first row
  for (const [code, first] of firstOfState) {
    if (first.types.size < 2) {
      result.rows.find((row) => row.line === first.line)?.errors.push(text('missingOptionType', { code }));
    }
  }
  // positions in file order within each state and kind (the work queue shows them in this order)
  const counters = new Map<string, number>();
  for (const option of result.options) {
    const key = `${option.stateCode}\u0000${option.accepted}`;
    option.position = counters.get(key) ?? 0;
    counters.set(key, option.position + 1);
  }
  return result;
}

/** Whether the parsed file may be imported: no file error and no row error. */
export const isImportable = (parsed: ParsedImport) =>
  parsed.fileErrors.length === 0 && parsed.rows.every((row) => row.errors.length === 0);

const yesNo = (value: boolean) => (value ? 'ja' : 'nein');

/**
 * The catalogue as an import file (the dialog's example download): the same columns, one row per
 * option, through the one CSV writer (UTF-8 with BOM, `;`).
 */
export function catalogueCsv(states: StateRow[], options: Omit<OptionRow, 'position'>[]): string {
  const rows = states.flatMap((state) =>
    options
      .filter((option) => option.stateCode === state.code)
      .map((option) => [
        state.code,
        state.title,
        state.text ?? '',
        state.followUpAction,
        state.rejectAction,
        yesNo(state.acceptFileRequired),
        yesNo(state.rejectFileRequired),
        option.accepted ? 'accepted' : 'rejected',
        option.code,
        option.text,
        yesNo(option.fullAmount),
        yesNo(option.noteRequired),
      ]),
  );
  return toCsv(CSV_COLUMNS, rows);
}
