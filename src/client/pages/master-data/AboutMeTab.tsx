import { useTranslate } from 'ra-core';
import type { Creditor } from '../../../../generated/types';
import { EnumChip } from '../../widgets/EnumChip';
import { IbanValue } from '../../widgets/IbanValue';
import { formatDate } from '../../../shared/format';
import { fieldLabel } from '../common/labels';
import { LabeledValues } from '../common/LabeledValues';
import { QueryState } from '../common/QueryState';
import { useApiQuery } from '../common/use-api-query';
import { CreditorHistory } from './CreditorHistory';
import { SectionTitle } from './SectionTitle';

/** About me: company, contact person, the provider's direct debit mandate, and the history. */
export function AboutMeTab() {
  const translate = useTranslate();
  const query = useApiQuery<Creditor>('/creditor/show');
  const label = (entity: string, field: string) => fieldLabel(translate, entity, field);
  return (
    <QueryState query={query}>
      {(creditor) => (
        <>
          <SectionTitle>{translate('pages.masterData.company')}</SectionTitle>
          <LabeledValues
            items={[
              { label: label('creditor', 'name'), value: creditor.name },
              { label: label('creditor', 'tradeName'), value: creditor.tradeName },
              {
                label: label('creditor', 'legalForm'),
                value: <EnumChip value={creditor.legalForm} enumName="legalForm" />,
              },
              { label: label('creditor', 'sapNumber'), value: creditor.sapNumber },
              {
                label: label('creditor', 'status'),
                value: <EnumChip value={creditor.status} enumName="creditorStatus" />,
              },
              { label: label('creditor', 'cspIdentifier'), value: creditor.cspIdentifier },
              { label: label('creditor', 'wzCode'), value: creditor.wzCode },
              { label: label('creditor', 'cmsKey'), value: creditor.cmsKey },
            ]}
          />
          <SectionTitle>{translate('pages.masterData.contact')}</SectionTitle>
          <LabeledValues
            items={[
              {
                label: label('creditorContact', 'salutation'),
                value: <EnumChip value={creditor.contact?.salutation} enumName="salutation" />,
              },
              { label: label('creditorContact', 'contactName'), value: creditor.contact?.contactName },
              { label: label('creditorContact', 'street'), value: creditor.contact?.street },
              {
                label: `${label('creditorContact', 'zip')} / ${label('creditorContact', 'city')}`,
                value: [creditor.contact?.zip, creditor.contact?.city].filter(Boolean).join(' '),
              },
              { label: label('creditorContact', 'phone'), value: creditor.contact?.phone },
              { label: label('creditorContact', 'mobileNumber'), value: creditor.contact?.mobileNumber },
              { label: label('creditorContact', 'email'), value: creditor.contact?.email },
            ]}
          />
          {creditor.directDebitMandate ? (
            <>
              <SectionTitle>{translate('pages.masterData.bank')}</SectionTitle>
              <LabeledValues
                items={[
                  {
                    label: label('sepaMandate', 'accountOwner'),
                    value: creditor.directDebitMandate.accountOwner,
                  },
                  {
                    label: label('sepaMandate', 'iban'),
                    value: <IbanValue value={creditor.directDebitMandate.iban} />,
                  },
                  {
                    label: label('sepaMandate', 'referenceNumber'),
                    value: creditor.directDebitMandate.referenceNumber,
                  },
                  {
                    label: label('sepaMandate', 'date'),
                    value: formatDate(creditor.directDebitMandate.date) || '–',
                  },
                ]}
              />
            </>
          ) : null}
          <SectionTitle>{translate('pages.masterData.history')}</SectionTitle>
          <CreditorHistory />
        </>
      )}
    </QueryState>
  );
}
