import { getDefaultRegistry } from '@rjsf/core';
import { Widgets as MuiWidgets } from '@rjsf/mui';
import type { RegistryWidgetsType } from '@rjsf/utils';
import type { InputWidgetName } from '../../../generated/widgets';
import { FilesWidget } from './FilesWidget';
import { GermanDateWidget } from './GermanDateWidget';
import { IbanWidget } from './IbanWidget';
import { MatrixEntryWidget } from './MatrixEntryWidget';
import { MoneyWidget } from './MoneyWidget';
import { OptionsSelectWidget } from './OptionsSelectWidget';
import { PasswordWidget } from './PasswordWidget';
import { DebtorPickerWidget, LocationPickerWidget } from './PickerWidgets';

/**
 * Widget name of the YAML (`widget: money`) → the rjsf widget of the form dialog. The `Record`
 * type makes a name added to widgets.yaml without a widget here a type error. The names also
 * win over rjsf's built-in ones, so `format: password` and `format: iban` pick these too.
 */
export const formWidgets: Record<InputWidgetName, RegistryWidgetsType[string]> = {
  money: MoneyWidget,
  iban: IbanWidget,
  germanDate: GermanDateWidget,
  files: FilesWidget,
  optionsSelect: OptionsSelectWidget,
  debtorPicker: DebtorPickerWidget,
  locationPicker: LocationPickerWidget,
  matrixEntryPicker: MatrixEntryWidget,
  password: PasswordWidget,
  textarea: MuiWidgets.TextareaWidget,
  radio: MuiWidgets.RadioWidget,
  select: MuiWidgets.SelectWidget,
  checkbox: MuiWidgets.CheckboxWidget,
  hidden: getDefaultRegistry().widgets.HiddenWidget,
};
