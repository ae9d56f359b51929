// The server's entry (browser-safe too); the browser's forms import the modules themselves, so that
// the `iban` check (ibantools) comes only with a form that has an IBAN field (lazy-formats.ts).
// Node-only helpers live in upload-file.node.ts and are imported by the server directly.
export { FACTORABLE_TURNOVER_DEFAULTS } from './amount.rules';
export {
  checkFileCount,
  checkUploadFile,
  detectFileKind,
  FILE_HEAD_BYTES,
  type FileKind,
  MAX_UPLOAD_BYTES,
  parseDataUrl,
  type UploadFile,
  type UploadRules,
} from './file.rules';
export {
  formatGermanMoneyInput,
  isValidIsoDate,
  parseGermanDate,
  parseGermanDecimal,
  parseGermanMoney,
  todayIso,
} from './german-input.parse';
export { CREDIT_VOUCHER_NUMBER_MAX_LENGTH } from './input.rules';
export {
  extendRjsfAjv,
  installValidation,
  KEYWORD_RULES,
  type ValidationOptions,
} from './install-validation';
export { isPasswordValid, PASSWORD_MIN_LENGTH, passwordChecks } from './password.rules';
export type { ValidationMessage } from './rule.types';
export { isValidCreditorIdentifier, normalizeCreditorIdentifier } from './creditor-identifier.rules';
export { customFormats, FORMAT_RULES } from './format.rules';
export { isValidIban, normalizeIban } from './iban.format';
export { isValidEmail, isValidVatId, normalizeVatId } from './string.formats';
export {
  BUILTIN_RULES,
  createRjsfLocalizer,
  errorPath,
  toValidationMessage,
  type ValidationErrorLike,
} from './validation.messages';
