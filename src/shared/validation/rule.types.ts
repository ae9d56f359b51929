import type { JSONType } from 'ajv';
import type { DataValidationCxt } from 'ajv/dist/types';

/** A message key of `schema/texts/validation.yaml` (`validation.iban`) with its polyglot placeholders. */
export interface ValidationMessage {
  key: string;
  params: Record<string, string | number>;
}

/** What a rule may need from its surroundings; injected so that tests and both runtimes agree. */
export interface RuleEnv {
  /** Today's calendar date `yyyy-MM-dd` (Europe/Berlin unless overridden). */
  today(): string;
  /** Whether modifying keywords (`trim`) may write the normalised value back into the data. */
  modifyData: boolean;
}

/** A string format (`ajv.addFormat`), e.g. `format: iban`. */
export interface FormatRule {
  name: string;
  /** Message key, e.g. `validation.iban`. */
  message: string;
  validate(value: string): boolean;
}

/**
 * A custom keyword taking a parameter, e.g. `moneyAtLeast: 1000`.
 * `check` decides validity; `errorParams` are the raw values put into ajv's error (`{ limit: 1000 }`,
 * readable in API logs); `placeholders` turns them into the message's polyglot placeholders.
 */
export interface KeywordRule<P = any> {
  name: string;
  message: string;
  /** Data types the keyword applies to; other types pass untouched (null of optional fields). */
  dataType?: JSONType | JSONType[];
  /** Meta-schema of the parameter: a wrong parameter is a schema compile error, not a silent pass. */
  param: Record<string, unknown>;
  modifying?: boolean;
  before?: string;
  check(param: P, data: any, cxt: DataValidationCxt | undefined, env: RuleEnv): boolean;
  errorParams?(param: P, env: RuleEnv): Record<string, unknown>;
  placeholders?(errorParams: Record<string, any>): Record<string, string | number>;
}

/** Identity helper that keeps the parameter type of a rule while collecting rules in one list. */
export function keywordRule<P>(rule: KeywordRule<P>): KeywordRule<P> {
  return rule;
}
