import { Box, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { SolvencyDecision } from '../../../generated/types';
import { formatDateTime } from '../../shared/format';
import { enumLabel, fieldLabel } from '../pages/common/labels';
import { LabeledValues } from '../pages/common/LabeledValues';
import { EnumChip } from './EnumChip';
import { reasonCodeEnum } from './reason-codes';

/**
 * The answer of a solvency check (GET /debtor/{id}/determine-solvency): the traffic light as a
 * chip, the reason code with its label for the debtor's type, and when it was checked.
 */
export function SolvencyResult({ result, record }: { result: unknown; record?: Record<string, unknown> }) {
  const translate = useTranslate();
  const decision = (result ?? {}) as SolvencyDecision;
  const label = (field: string) => fieldLabel(translate, 'solvencyDecision', field);
  const code = decision.reasonCode;
  const color = enumLabel(translate, 'solvencyColor', decision.color);
  return (
    <Box data-testid="solvency-result">
      <Typography sx={{ mb: 1 }}>{translate('messages.debtors.solvencyDetermined', { color })}</Typography>
      <LabeledValues
        items={[
          { label: label('color'), value: <EnumChip value={decision.color} enumName="solvencyColor" /> },
          {
            label: label('reasonCode'),
            value: code
              ? `${code} – ${enumLabel(translate, reasonCodeEnum('solvencyReasonCode', record?.debtorType), code)}`
              : null,
          },
          { label: label('date'), value: decision.date ? formatDateTime(decision.date) : null },
        ]}
      />
    </Box>
  );
}
