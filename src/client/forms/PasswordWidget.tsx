import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { IconButton, InputAdornment } from '@mui/material';
import { getTemplate, type WidgetProps } from '@rjsf/utils';
import { useTranslate } from 'ra-core';
import { useState } from 'react';

/**
 * A masked text input with a show/hide button. A field with the password policy (a new password)
 * is offered to password managers as new, any other as the current one.
 */
export function PasswordWidget(props: WidgetProps) {
  const { registry, options, schema, label } = props;
  const translate = useTranslate();
  const [shown, setShown] = useState(false);
  const BaseInputTemplate = getTemplate('BaseInputTemplate', registry, options);
  const toggle = translate(shown ? 'ra.input.password.toggle_visible' : 'ra.input.password.toggle_hidden');
  return (
    <BaseInputTemplate
      {...props}
      type={shown ? 'text' : 'password'}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                size="small"
                aria-label={`${label}: ${toggle}`}
                onClick={() => setShown((value) => !value)}
              >
                {shown ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
              </IconButton>
            </InputAdornment>
          ),
        },
        htmlInput: { autoComplete: schema.format === 'password' ? 'new-password' : 'current-password' },
      }}
    />
  );
}
