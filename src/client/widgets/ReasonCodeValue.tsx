import { useTranslate } from 'ra-core';
import { enumLabel } from '../pages/common/labels';
import type { ValueWidgetProps } from './field-value';
import { reasonCodeEnum } from './reason-codes';

/**
 * A solvency reason code (`ID_3`) by its label for the debtor's type (`debtorType` of the record:
 * the codes mean different things for businesses and private customers), the code in brackets for
 * support; a code without a label shows raw.
 */
export function ReasonCodeValue({ value, record }: ValueWidgetProps) {
  const translate = useTranslate();
  if (value === null || value === undefined || value === '') return <span>–</span>;
  const code = String(value);
  const debtorType = (record as { debtorType?: unknown } | undefined)?.debtorType;
  const label = enumLabel(translate, reasonCodeEnum('solvencyReasonCode', debtorType), code);
  return <span>{label === code ? code : `${label} (${code})`}</span>;
}
