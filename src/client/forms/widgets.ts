import { Widgets as MuiWidgets } from '@rjsf/mui';
import type { RegistryWidgetsType } from '@rjsf/utils';
import type { WidgetName } from '../../../generated/widgets';
import { FilesWidget } from './FilesWidget';
import { GermanDateWidget } from './GermanDateWidget';
import { IbanWidget } from './IbanWidget';
import { MoneyWidget } from './MoneyWidget';
import { OptionsSelectWidget } from './OptionsSelectWidget';
import { PasswordWidget } from './PasswordWidget';

/**
 * Widgets of `schema/widgets.yaml` that only display a value in a detail tab; they have no input
 * counterpart (the tab registry in src/client/widgets/ renders them).
 */
export const DISPLAY_ONLY_WIDGETS = [
  'solvencyTrafficLight',
  'debtorHistory',
] as const satisfies readonly WidgetName[];

export type InputWidgetName = Exclude<WidgetName, (typeof DISPLAY_ONLY_WIDGETS)[number]>;

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
  password: PasswordWidget,
  textarea: MuiWidgets.TextareaWidget,
  radio: MuiWidgets.RadioWidget,
  select: MuiWidgets.SelectWidget,
  checkbox: MuiWidgets.CheckboxWidget,
};
