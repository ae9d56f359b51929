import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { IconButton, InputAdornment } from '@mui/material';
import { getTemplate, type WidgetProps } from '@rjsf/utils';
import { useTranslate } from 'ra-core';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { parseGermanDate } from '../../shared/validation/german-input.parse';
import { widgetContext } from './form-context';
import { toGermanDate } from './input-format';

const INVALID = { key: 'validation.dateInvalid', params: {} };

/**
 * A calendar date typed as `dd.MM.yyyy` (two-digit years become 20yy) and kept as `yyyy-MM-dd`.
 * The button opens the browser's own date picker (German locale: weeks start on Monday) through
 * a native date input that is never shown. Text that is no date leaves the value empty and
 * shows the date message once the field is left.
 */
export function GermanDateWidget(props: WidgetProps) {
  const { value, onChange, onBlur, name, registry, options, label, placeholder, disabled, readonly } = props;
  const translate = useTranslate();
  const BaseInputTemplate = getTemplate('BaseInputTemplate', registry, options);
  const report = widgetContext(registry.formContext).setWidgetError;
  const picker = useRef<HTMLInputElement>(null);
  const iso = typeof value === 'string' ? value : '';
  const [text, setText] = useState(() => toGermanDate(iso));

  useEffect(() => {
    setText((current) => (parseGermanDate(current) === iso ? current : toGermanDate(iso)));
  }, [iso]);
  useEffect(() => () => report(name, null), [name, report]);

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    setText(next);
    const parsed = parseGermanDate(next);
    if (next.trim() === '' || parsed) report(name, null);
    onChange(parsed || undefined);
  };
  const blur = (id: string) => {
    const parsed = parseGermanDate(text);
    if (text.trim() !== '' && !parsed) report(name, INVALID);
    else if (parsed) setText(toGermanDate(parsed));
    onBlur(id, parsed || undefined);
  };
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.value;
    setText(toGermanDate(chosen));
    report(name, null);
    onChange(chosen || undefined);
  };
  const openPicker = () => {
    const input = picker.current;
    if (!input) return;
    input.value = iso;
    input.showPicker?.();
  };

  const button = (
    <InputAdornment position="end" sx={{ position: 'relative' }}>
      <IconButton
        edge="end"
        size="small"
        onClick={openPicker}
        disabled={disabled || readonly}
        aria-label={`${label}: ${translate('ra.action.open')}`}
      >
        <CalendarMonthIcon fontSize="small" />
      </IconButton>
      <input
        ref={picker}
        type="date"
        lang="de-DE"
        tabIndex={-1}
        aria-hidden="true"
        onChange={picked}
        style={{
          position: 'absolute',
          right: 0,
          bottom: 0,
          width: 1,
          height: 1,
          opacity: 0,
          border: 0,
          padding: 0,
        }}
      />
    </InputAdornment>
  );

  return (
    <BaseInputTemplate
      {...props}
      type="text"
      value={text}
      placeholder={placeholder || translate('validation.dateFormatHint')}
      onChangeOverride={change}
      onBlur={blur}
      slotProps={{
        input: { endAdornment: button },
        htmlInput: { inputMode: 'numeric', autoComplete: 'off' },
      }}
    />
  );
}
