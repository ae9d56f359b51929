import { InputAdornment } from '@mui/material';
import { getTemplate, type WidgetProps } from '@rjsf/utils';
import { type ChangeEvent, useEffect, useState } from 'react';
import { formatGermanMoneyInput, parseGermanMoney } from '../../shared/validation/german-input.parse';
import { widgetContext } from './form-context';

const INVALID = { key: 'validation.currencyInvalid', params: {} };

/**
 * An amount typed in German (`1.234,56`, a trailing € allowed) and kept as integer cents. Text
 * that is no amount leaves the value empty and shows the currency message once the field is left.
 */
export function MoneyWidget(props: WidgetProps) {
  const { value, onChange, onBlur, name, registry, options } = props;
  const BaseInputTemplate = getTemplate('BaseInputTemplate', registry, options);
  const report = widgetContext(registry.formContext).setWidgetError;
  const [text, setText] = useState(() => formatGermanMoneyInput(typeof value === 'number' ? value : null));

  // A value set from outside (defaults, a reset) replaces the text unless the text already means it.
  useEffect(() => {
    const cents = typeof value === 'number' ? value : null;
    setText((current) => (parseGermanMoney(current) === cents ? current : formatGermanMoneyInput(cents)));
  }, [value]);
  useEffect(() => () => report(name, null), [name, report]);

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    setText(next);
    const cents = parseGermanMoney(next);
    if (next.trim() === '' || cents !== null) report(name, null);
    onChange(cents ?? undefined);
  };
  const blur = (id: string) => {
    const cents = parseGermanMoney(text);
    if (text.trim() !== '' && cents === null) report(name, INVALID);
    else if (cents !== null) setText(formatGermanMoneyInput(cents));
    onBlur(id, cents ?? undefined);
  };

  return (
    <BaseInputTemplate
      {...props}
      type="text"
      value={text}
      onChangeOverride={change}
      onBlur={blur}
      slotProps={{
        input: { endAdornment: <InputAdornment position="end">€</InputAdornment> },
        htmlInput: { inputMode: 'decimal', style: { textAlign: 'right' } },
      }}
    />
  );
}
