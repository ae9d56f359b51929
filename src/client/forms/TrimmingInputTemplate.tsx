import { Templates } from '@rjsf/mui';
import { ariaDescribedByIds, type BaseInputTemplateProps } from '@rjsf/utils';

const MuiBaseInputTemplate = Templates.BaseInputTemplate!;

/**
 * The MUI text input, trimming a `trim` field's text when the field is left, and describing the
 * input itself by the field's error, description and help (rjsf-mui puts `aria-describedby` on the
 * TextField's wrapper, so a screen reader did not read a field's error at the input). The browser's
 * validator must not trim while the user types (it would swallow the space just typed), so the
 * text is trimmed here and the form checks what the server will store.
 */
export function TrimmingInputTemplate(props: BaseInputTemplateProps) {
  const { schema, value, onBlur, onChange, options } = props;
  const blur = (id: string, raw: unknown) => {
    if (schema.trim && typeof value === 'string' && value !== value.trim()) {
      const trimmed = value.trim();
      onChange(trimmed === '' ? options.emptyValue : trimmed);
      onBlur(id, trimmed);
      return;
    }
    onBlur(id, raw);
  };
  const slotProps = {
    ...props.slotProps,
    htmlInput: { ...props.slotProps?.htmlInput, 'aria-describedby': ariaDescribedByIds(props.id, !!schema.examples) },
  };
  return <MuiBaseInputTemplate {...props} slotProps={slotProps} onBlur={blur} />;
}
