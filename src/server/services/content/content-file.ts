import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
import { parseSource } from '../../../../generator/load';

/** Where the content YAML lives: `content/` beside `schema/` (product owners edit it). */
export const CONTENT_DIR = path.resolve(import.meta.dirname, '../../../../content');

/** A text in both UI languages. */
export const localizedText = {
  type: 'object',
  properties: { de: { type: 'string', minLength: 1 }, en: { type: 'string', minLength: 1 } },
  required: ['de', 'en'],
  additionalProperties: false,
} as const;

const ajv = new Ajv({ allErrors: true });

/**
 * Reads one content YAML file and checks it against its JSON schema; every problem is reported as
 * `file:line: what is wrong` (like the generator), and the server refuses to start with them.
 *
 * @example const data = loadContentFile<InformationFile>('/…/content/information.yaml', schema);
 */
export function loadContentFile<T>(file: string, schema: object, check?: (data: T) => string[]): T {
  const shown = path.relative(process.cwd(), file) || file;
  const result = parseSource(readFileSync(file, 'utf8'), shown, 'variant');
  if ('problems' in result) throw new Error(result.problems.join('\n'));
  const validate = ajv.compile(schema);
  const data = result.file.data as T;
  const problems = validate(data)
    ? []
    : (validate.errors ?? []).map((error: ErrorObject) => {
        const at = error.instancePath.split('/').slice(1).map((part) => (/^\d+$/.test(part) ? Number(part) : part));
        const extra = error.params && 'additionalProperty' in error.params ? ` (${error.params.additionalProperty})` : '';
        return `${shown}:${result.file.lineOf(at)}: ${error.instancePath || '/'} ${error.message}${extra}`;
      });
  if (!problems.length && check) {
    problems.push(...check(data).map((problem) => `${shown}:${result.file.lineOf([])}: ${problem}`));
  }
  if (problems.length) throw new Error(`Invalid content file\n${problems.join('\n')}`);
  return data;
}
