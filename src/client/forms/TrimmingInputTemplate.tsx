import { Templates } from '@rjsf/mui';
import type { BaseInputTemplateProps } from '@rjsf/utils';

const MuiBaseInputTemplate = Templates.BaseInputTemplate!;

/**
 * The MUI text input, trimming a `trim` field's text when the field is left. The browser's
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
  return <MuiBaseInputTemplate {...props} onBlur={blur} />;
}
