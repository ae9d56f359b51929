import { useTranslate } from 'ra-core';
import { useMemo } from 'react';
import { createRjsfLocalizer } from '../../shared/validation';
import { FormValidator } from './form-validator';

/**
 * The rjsf validator with the shared formats and keywords of `schema/validation.yaml` (the same
 * code the server runs) and the catalogue's texts, so a field shows the server's German message.
 * It interprets the schema (`form-validator.ts`): no ajv and no code evaluated in the browser.
 *
 * @example const validator = useFormValidator(); <Form validator={validator} … />
 */
export function useFormValidator() {
  const translate = useTranslate();
  return useMemo(() => new FormValidator(createRjsfLocalizer((key, params) => translate(key, params))), [translate]);
}
