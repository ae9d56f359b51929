import { Box, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useMemo } from 'react';
import { enums } from '../../../generated/enums';
import { describePayload, payloadCodeLabel, rawPayload } from './action-payload';
import type { ValueWidgetProps } from './field-value';
import { PayloadEntryList } from './PayloadEntryList';

/**
 * An action-log payload (JSON text) as a readable German key/value list — keys by their field
 * texts, amounts, dates and yes/no formatted — with the raw JSON for support staff in a
 * disclosure that starts closed. An empty payload shows a dash.
 */
export function ActionPayloadValue({ value }: ValueWidgetProps) {
  const translate = useTranslate();
  const view = useMemo(
    () =>
      describePayload(value, {
        label: (key) => translate(`fields.${key}`, { _: key }),
        code: (key, code) =>
          payloadCodeLabel(key, code, (name, value) => {
            const entry = enums[name]?.values.find((candidate) => String(candidate.value) === value);
            return entry ? translate(entry.label) : undefined;
          }),
        yes: translate('ra.boolean.true'),
        no: translate('ra.boolean.false'),
        empty: '–',
      }),
    [value, translate],
  );
  if (view.kind === 'empty') return <span>–</span>;
  return (
    <Box data-testid="action-payload">
      {view.kind === 'entries' ? <PayloadEntryList entries={view.entries} /> : <span>{view.text}</span>}
      <Box component="details" sx={{ mt: 1 }}>
        <Typography component="summary" variant="body2" color="text.secondary" sx={{ cursor: 'pointer' }}>
          {translate('ui.detail.rawData')}
        </Typography>
        <Box
          component="pre"
          sx={{
            m: 0,
            mt: 0.5,
            p: 1,
            bgcolor: 'action.hover',
            borderRadius: 1,
            fontSize: '0.8125rem',
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
          }}
        >
          {rawPayload(value)}
        </Box>
      </Box>
    </Box>
  );
}
