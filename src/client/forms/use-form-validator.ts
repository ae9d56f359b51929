import { useTranslate } from 'ra-core';
import { useMemo } from 'react';
import { createRjsfLocalizer } from '../../shared/validation/validation.messages';
import { FormValidator } from './form-validator';
import { type LazyFormatsOwner, useFormatsOf } from './lazy-formats';

/**
 * The rjsf validator with the shared formats and keywords of `schema/validation.yaml` (the same
 * code the server runs) and the catalogue's texts, so a field shows the server's German message.
 * It interprets the schema (`form-validator.ts`): no ajv and no code evaluated in the browser.
 * Pass the form (its generated config): a form with an IBAN field (`lazyFormats`) suspends until
 * the `iban` check (ibantools) has been fetched (`useFormatsOf`), so it is never validated without it.
 *
 * @example const validator = useFormValidator(form); <Form validator={validator} … />
 */
export function useFormValidator(form: LazyFormatsOwner) {
  useFormatsOf(form);
  const translate = useTranslate();
  return useMemo(
    () => new FormValidator(createRjsfLocalizer((key, params) => translate(key, params))),
    [translate],
  );
}
