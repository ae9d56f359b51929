import { parseGermanDate } from './german-input.parse';
import { type KeywordRule, keywordRule } from './rule.types';

export const CREDIT_VOUCHER_NUMBER_MAX_LENGTH = 20;

const takenValues = { type: 'array', items: { type: ['string', 'number'] } };

// "Already taken" ignores case and surrounding blanks: `GS-1 ` and `gs-1` are the same number to a
// person, and e-mail addresses are case-insensitive in practice.
const comparable = (value: unknown) => String(value).trim().toLowerCase();
const isTaken = (taken: unknown[], data: unknown) => taken.some((v) => comparable(v) === comparable(data));

/** "Value not in a given list" with the message of what is taken. */
function notInRule(name: string, message: string): KeywordRule<unknown[]> {
  return keywordRule<unknown[]>({
    name,
    message,
    dataType: ['string', 'number'],
    param: takenValues,
    check: (taken, data) => !isTaken(taken, data),
    // The list can be long (every number of a creditor); the error does not repeat it.
    errorParams: () => ({}),
  });
}

/** Rules on text input, checkboxes and "already taken" values. */
export const INPUT_RULES: KeywordRule[] = [
  keywordRule<boolean>({
    name: 'trim',
    // Never fails; the key only satisfies "every rule has a message".
    message: 'validation.invalid',
    dataType: 'string',
    param: { type: 'boolean' },
    modifying: true,
    // Before the length, pattern and format checks, so they judge the trimmed text.
    before: 'maxLength',
    check: (on, data, cxt, env) => {
      if (on && env.modifyData && cxt?.parentData && data !== data.trim()) {
        (cxt.parentData as Record<string | number, unknown>)[cxt.parentDataProperty] = data.trim();
      }
      return true;
    },
  }),
  keywordRule<boolean>({
    // A required text is there only with something besides blanks in it (issue 25): "" and "   "
    // are a missing value, shown with the required message. The generator gives every required
    // string field this rule; it judges the trimmed text whether or not `trim` wrote it back (the
    // browser does not), and runs right after `trim`, before length, pattern and format checks,
    // so a blank e-mail or date says "required" and not "invalid".
    name: 'notBlank',
    message: 'validation.required',
    dataType: 'string',
    param: { type: 'boolean' },
    before: 'maxLength',
    check: (on, data) => !on || data.trim().length > 0,
  }),
  keywordRule<boolean>({
    name: 'requiredCheckbox',
    message: 'validation.requiredCheckbox',
    param: { type: 'boolean' },
    check: (on, data) => !on || data === true,
  }),
  notInRule('unique', 'validation.unique'),
  notInRule('emailNotTaken', 'validation.emailTaken'),
  notInRule('cmsKeyNotTaken', 'validation.cmsKeyTaken'),
  notInRule('onrNumberNotTaken', 'validation.onrNumberTaken'),
  keywordRule<string[]>({
    name: 'conditionStartUnique',
    message: 'validation.conditionStartUnique',
    dataType: 'string',
    param: { type: 'array', items: { type: 'string' } },
    check: (starts, data) => {
      const start = parseGermanDate(data);
      return start === '' || !starts.includes(start);
    },
    errorParams: () => ({}),
  }),
  keywordRule<unknown[]>({
    name: 'creditVoucherNumber',
    message: 'validation.creditVoucherNumber',
    dataType: 'string',
    param: takenValues,
    check: (taken, data) => data.trim().length <= CREDIT_VOUCHER_NUMBER_MAX_LENGTH && !isTaken(taken, data),
    errorParams: () => ({ maxLength: CREDIT_VOUCHER_NUMBER_MAX_LENGTH }),
  }),
];
