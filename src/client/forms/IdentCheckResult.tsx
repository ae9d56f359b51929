import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { PendingDebtorDecision } from '../../../generated/types';
import { formatMoney } from '../../shared/format';
import { enumLabel, fieldLabel } from '../pages/common/labels';
import { LabeledValues } from '../pages/common/LabeledValues';
import { EnumChip } from '../widgets/EnumChip';
import { reasonCodeEnum } from '../widgets/reason-codes';
import type { CheckResultProps } from './form-flows';

const line = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' ');

/**
 * The answer of the ident check (POST /csp/debtor) before the debtor is created: the proposed limit
 * in German currency, its traffic light, the reason codes with their labels (by the debtor's type),
 * the limit address, a blacklist warning, and a hint when an existing debtor was matched, which
 * then gets a new location instead.
 */
export function IdentCheckResult({ result, data }: CheckResultProps) {
  const translate = useTranslate();
  const decision = result as PendingDebtorDecision;
  const label = (field: string) => fieldLabel(translate, 'pendingDebtorDecision', field);
  const codes = decision.reasonCodes ?? [];
  const codeEnum = reasonCodeEnum('limitReasonCode', data.debtorType);
  const address = decision.limitAddress;

  return (
    <Box data-testid="ident-check-result">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {translate('ui.identCheck.title')}
      </Typography>
      <LabeledValues
        items={[
          {
            label: label('newDebtorLimit'),
            value: <span data-testid="ident-check-limit">{formatMoney(decision.newDebtorLimit ?? 0)}</span>,
          },
          {
            label: label('newDebtorLimitColor'),
            value: <EnumChip value={decision.newDebtorLimitColor} enumName="solvencyColor" />,
          },
          {
            label: label('reasonCodes'),
            value:
              codes.length === 0 ? (
                translate('ui.identCheck.noReasonCodes')
              ) : (
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  {codes.map((code) => (
                    <li key={code}>{`${code} – ${enumLabel(translate, codeEnum, code)}`}</li>
                  ))}
                </Box>
              ),
          },
          {
            label: label('limitAddress'),
            value: address
              ? [line(address.street, address.house), line(address.zip, address.city)]
                  .filter(Boolean)
                  .join(', ')
              : null,
          },
        ]}
      />
      {decision.hasBlacklistEntry ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          <AlertTitle>{label('hasBlacklistEntry')}</AlertTitle>
          {translate('messages.debtors.onBlackList')}
        </Alert>
      ) : null}
      {decision.debtor ? (
        <Alert severity="info" sx={{ mt: 1 }} data-testid="ident-check-existing">
          {translate('ui.identCheck.existingDebtor', { name: decision.debtor.name })}
        </Alert>
      ) : null}
    </Box>
  );
}
