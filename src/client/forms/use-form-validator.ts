import { customizeValidator } from '@rjsf/validator-ajv8';
import { useTranslate } from 'ra-core';
import { useMemo } from 'react';
import { createRjsfLocalizer, customFormats, extendRjsfAjv } from '../../shared/validation';

/**
 * The rjsf validator with the shared formats and keywords of `schema/validation.yaml` (the same
 * code the server runs) and the catalogue's texts, so a field shows the server's German message.
 *
 * @example const validator = useFormValidator(); <Form validator={validator} … />
 */
export function useFormValidator() {
  const translate = useTranslate();
  return useMemo(
    () =>
      customizeValidator(
        { customFormats, extenderFn: extendRjsfAjv },
        createRjsfLocalizer((key, params) => translate(key, params)),
      ),
    [translate],
  );
}
