import { getTemplate, type WidgetProps } from '@rjsf/utils';
import { type ChangeEvent, useLayoutEffect, useRef, useState } from 'react';
import { groupIban } from './input-format';

/**
 * An IBAN shown in groups of four while it is typed and kept in its electronic form
 * (`DE89370400440532013000`); the shared `iban` format checks it.
 */
export function IbanWidget(props: WidgetProps) {
  const { value, onChange, registry, options } = props;
  const BaseInputTemplate = getTemplate('BaseInputTemplate', registry, options);
  const input = useRef<HTMLInputElement>(null);
  // Where the caret belongs after regrouping, counted in letters and digits before it.
  const caret = useRef<number | null>(null);
  const [, rerender] = useState(0);
  const text = groupIban(typeof value === 'string' ? value : '');

  useLayoutEffect(() => {
    const element = input.current;
    if (!element || caret.current === null || document.activeElement !== element) return;
    let seen = 0;
    let position = 0;
    while (position < text.length && seen < caret.current) {
      if (text[position] !== ' ') seen += 1;
      position += 1;
    }
    caret.current = null;
    element.setSelectionRange(position, position);
  });

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    const before = typed.slice(0, event.target.selectionStart ?? typed.length);
    caret.current = before.replace(/[^A-Za-z0-9]/g, '').length;
    const electronic = typed.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
    onChange(electronic || undefined);
    rerender((n) => n + 1);
  };

  return (
    <BaseInputTemplate
      {...props}
      type="text"
      value={text}
      onChangeOverride={change}
      inputRef={input}
      slotProps={{
        htmlInput: { autoComplete: 'off', spellCheck: false, style: { fontFamily: 'monospace' } },
      }}
    />
  );
}
