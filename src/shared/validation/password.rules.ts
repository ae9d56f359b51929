import { type KeywordRule, keywordRule, type ValidationMessage } from './rule.types';

export const PASSWORD_MIN_LENGTH = 8;

// Unicode-aware: Ä counts as an uppercase letter, ß or é as letters (not special characters).
const CRITERIA: { key: string; test: (password: string) => boolean }[] = [
  { key: 'validation.passwordMinLength', test: (p) => [...p].length >= PASSWORD_MIN_LENGTH },
  { key: 'validation.passwordDigit', test: (p) => /\p{Nd}/u.test(p) },
  { key: 'validation.passwordSpecialCharacter', test: (p) => /[^\p{L}\p{N}\s]/u.test(p) },
  { key: 'validation.passwordUppercase', test: (p) => /\p{Lu}/u.test(p) },
];

/**
 * The password policy one criterion at a time, for the checklist under a password field.
 * @example passwordChecks('abc').map((c) => c.ok) // [false, false, false, false]
 */
export function passwordChecks(password: string): (ValidationMessage & { ok: boolean })[] {
  return CRITERIA.map(({ key, test }) => ({
    key,
    params: (key === 'validation.passwordMinLength'
      ? { min: PASSWORD_MIN_LENGTH }
      : {}) as ValidationMessage['params'],
    ok: test(password),
  }));
}

/**
 * At least 8 characters with a digit, a special character and an uppercase letter.
 * @example isPasswordValid('Demo1234!') // true
 */
export function isPasswordValid(password: string): boolean {
  return CRITERIA.every(({ test }) => test(password));
}

const siblingName = { type: 'string', minLength: 1 };

export const PASSWORD_RULES: KeywordRule[] = [
  keywordRule<string>({
    name: 'passwordDiffersFrom',
    message: 'validation.passwordEqualsOld',
    dataType: 'string',
    param: siblingName,
    // Compared with the sibling field named by the parameter (`passwordDiffersFrom: oldPassword`).
    check: (field, data, cxt) => {
      const other = (cxt?.parentData as Record<string, unknown> | undefined)?.[field];
      return other === undefined || other === null || other !== data;
    },
    errorParams: (field) => ({ field }),
  }),
  keywordRule<string>({
    name: 'passwordRepeat',
    message: 'validation.passwordRepeatMismatch',
    dataType: 'string',
    param: siblingName,
    check: (field, data, cxt) => (cxt?.parentData as Record<string, unknown> | undefined)?.[field] === data,
    errorParams: (field) => ({ field }),
  }),
];
