import { AMOUNT_RULES } from './amount.rules';
import { DATE_RULES } from './date.rules';
import { FILE_RULES } from './file.rules';
import { INPUT_RULES } from './input.rules';
import { PASSWORD_RULES } from './password.rules';
import type { KeywordRule } from './rule.types';

/**
 * Every custom keyword; `schema/validation.yaml` declares each one (checked by validation-yaml.spec.ts).
 * A module apart from install-validation.ts, which installs the formats too: the browser's
 * interpreter and messages take the keywords without the `iban` check's library.
 */
export const KEYWORD_RULES: KeywordRule[] = [
  ...INPUT_RULES,
  ...PASSWORD_RULES,
  ...AMOUNT_RULES,
  ...DATE_RULES,
  ...FILE_RULES,
];
