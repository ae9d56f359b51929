import type { ComponentType } from 'react';
import type { DisplayWidgetName } from '../../../generated/widgets';
import type { FieldType } from '../../shared/config-types';
import { ActionPayloadValue } from './ActionPayloadValue';
import { ActionTypeValue } from './ActionTypeValue';
import { AdminPermissionsValue } from './AdminPermissionsValue';
import { BooleanValue } from './BooleanValue';
import { DateTimeValue } from './DateTimeValue';
import { DateValue } from './DateValue';
import { EmailValue } from './EmailValue';
import { EnumChip } from './EnumChip';
import { FileDownloadValue } from './FileDownloadValue';
import type { ValueWidgetProps } from './field-value';
import { IbanValue } from './IbanValue';
import { ListCountValue } from './ListCountValue';
import { MoneyValue } from './MoneyValue';
import { NumberValue } from './NumberValue';
import { PercentValue } from './PercentValue';
import { PhoneValue } from './PhoneValue';
import { ReasonCodeValue } from './ReasonCodeValue';
import { RoleValue } from './RoleValue';
import { TextValue } from './TextValue';
import { WorkQueueAnswerValue } from './WorkQueueAnswerValue';

/**
 * Field type → display component. Every `FieldType` must have an entry (the `Record` type
 * makes a missing one a type error), so the generic screens never branch on types.
 */
export const fieldWidgets: Record<FieldType, ComponentType<ValueWidgetProps>> = {
  id: TextValue,
  string: TextValue,
  text: TextValue,
  integer: NumberValue,
  number: NumberValue,
  boolean: BooleanValue,
  money: MoneyValue,
  percent: PercentValue,
  timestamp: DateValue,
  date: DateValue,
  enum: EnumChip,
  email: EmailValue,
  phone: PhoneValue,
  iban: IbanValue,
  object: TextValue,
  list: ListCountValue,
};

/**
 * Display widgets an entity field names in YAML (`widget: actionTypeLabel`, declared in
 * schema/widgets.yaml); its list columns and detail fields show through them instead of the
 * type's widget. A declared name without an entry here falls back to the type's widget.
 */
export const namedFieldWidgets: Partial<Record<DisplayWidgetName, ComponentType<ValueWidgetProps>>> = {
  actionTypeLabel: ActionTypeValue,
  actionPayload: ActionPayloadValue,
  dateTime: DateTimeValue,
  roleLabel: RoleValue,
  fileDownload: FileDownloadValue,
  reasonCodeLabel: ReasonCodeValue,
  adminPermissionLabels: AdminPermissionsValue,
  workQueueAnswerLabel: WorkQueueAnswerValue,
};
