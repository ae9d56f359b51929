import { Alert, List, ListItem, ListItemText } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { Creditor } from '../../../../generated/types';
import { formatDate, formatMoney, formatPercent } from '../../../shared/format';
import { usePermissionCheck } from '../../auth/use-permission-check';
import { enumLabel, fieldLabel } from '../common/labels';
import { LabeledValues } from '../common/LabeledValues';
import { QueryState } from '../common/QueryState';
import { useApiQuery } from '../common/use-api-query';
import { SectionTitle } from './SectionTitle';

const money = (cents: number | null | undefined) => (cents == null ? '–' : formatMoney(cents));
const pct = (value: number | null | undefined) => (value == null ? '–' : formatPercent(value));

/**
 * My contract: contract data, the conditions in force (with or without purchase fees per
 * masterData.serviceFees.*), the minimum annual service fee period and the accepted documents.
 */
export function ContractTab() {
  const translate = useTranslate();
  const allowed = usePermissionCheck();
  const query = useApiQuery<Creditor>('/creditor/show');
  const label = (entity: string, field: string) => fieldLabel(translate, entity, field);
  return (
    <QueryState query={query}>
      {(creditor) => {
        const condition = creditor.serviceFeeCondition;
        const matrix = condition?.matrixEntry;
        const period = creditor.serviceFeePeriod;
        const purchaseFees = allowed('masterData.serviceFees.withPurchaseFees');
        const reached = period && (period.chargedAmount ?? 0) >= (period.currentAnnualServiceFee ?? 0);
        return (
          <>
            <SectionTitle>{translate('pages.masterData.contract')}</SectionTitle>
            <LabeledValues
              items={[
                {
                  label: label('creditorContract', 'contractNumber'),
                  value: creditor.contract?.contractNumber,
                },
                {
                  label: label('creditorContract', 'contractStart'),
                  value: formatDate(creditor.contract?.contractStart) || '–',
                },
                {
                  label: label('creditorContract', 'registerNumber'),
                  value: creditor.contract?.registerNumber,
                },
                {
                  label: label('creditorContract', 'placeOfAuthority'),
                  value: creditor.contract?.placeOfAuthority,
                },
                { label: label('creditorContract', 'proprietor'), value: creditor.contract?.proprietor },
                { label: label('creditor', 'approvedLimit'), value: money(creditor.approvedLimit) },
                { label: label('creditor', 'serviceFee'), value: pct(creditor.serviceFee) },
                { label: label('creditor', 'setupFee'), value: money(creditor.setupFee) },
              ]}
            />
            {allowed('masterData.serviceFees') ? (
              <>
                <SectionTitle>{translate('pages.masterData.conditions')}</SectionTitle>
                {condition && matrix ? (
                  <LabeledValues
                    items={[
                      { label: label('serviceFeeMatrixEntry', 'name'), value: matrix.name },
                      {
                        label: label('creditorServiceFeeCondition', 'validFromDate'),
                        value: formatDate(condition.validFromDate),
                      },
                      ...(purchaseFees
                        ? [
                            {
                              label: label('serviceFeeMatrixEntry', 'purchasedFee'),
                              value: pct(matrix.purchasedFee),
                            },
                            {
                              label: label('serviceFeeMatrixEntry', 'purchasedLaterFee'),
                              value: pct(matrix.purchasedLaterFee),
                            },
                          ]
                        : []),
                      {
                        label: label('serviceFeeMatrixEntry', 'notPurchasedFee'),
                        value: pct(matrix.notPurchasedFee),
                      },
                      {
                        label: label('serviceFeeMatrixEntry', 'notPurchasedMinimumFee'),
                        value: money(matrix.notPurchasedMinimumFee),
                      },
                      {
                        label: label('serviceFeeMatrixEntry', 'minimumServiceFee'),
                        value: money(matrix.minimumServiceFee),
                      },
                    ]}
                  />
                ) : (
                  translate('pages.masterData.noCondition')
                )}
                {period ? (
                  <>
                    <SectionTitle>{translate('pages.masterData.feePeriod')}</SectionTitle>
                    <LabeledValues
                      items={[
                        { label: label('serviceFeePeriod', 'start'), value: formatDate(period.start) },
                        { label: label('serviceFeePeriod', 'end'), value: formatDate(period.end) },
                        {
                          label: label('serviceFeePeriod', 'currentAnnualServiceFee'),
                          value: money(period.currentAnnualServiceFee),
                        },
                        {
                          label: label('serviceFeePeriod', 'chargedAmount'),
                          value: money(period.chargedAmount),
                        },
                        {
                          label: label('serviceFeePeriod', 'nextPeriodAnnualServiceFee'),
                          value: money(period.nextPeriodAnnualServiceFee),
                        },
                      ]}
                    />
                    <Alert severity={reached ? 'success' : 'info'} sx={{ mt: 1 }}>
                      {reached
                        ? translate('messages.masterData.minimumServiceFeeReached')
                        : translate('messages.masterData.minimumServiceFeeNotReached', {
                            amount: money(period.chargedAmount),
                          })}
                    </Alert>
                  </>
                ) : null}
              </>
            ) : null}
            {creditor.termsDocuments?.length ? (
              <>
                <SectionTitle>{translate('pages.masterData.terms')}</SectionTitle>
                <List dense>
                  {creditor.termsDocuments.map((document) => (
                    <ListItem key={document.source} disableGutters>
                      <ListItemText
                        primary={enumLabel(translate, 'termsDocumentType', document.documentType)}
                        secondary={translate('pages.optIn.version', {
                          version: document.version ?? '',
                          date: formatDate(document.modified),
                        })}
                      />
                    </ListItem>
                  ))}
                </List>
              </>
            ) : null}
          </>
        );
      }}
    </QueryState>
  );
}
