import type { WidgetProps } from '@rjsf/utils';
import { useOptions } from '../data/use-options';

/**
 * A drop-down whose choices come from the API path in `ui:options.optionsPath` (the spec's filter
 * option calls). A failed call leaves it empty without a message, as the spec says for those calls.
 */
export function OptionsSelectWidget(props: WidgetProps) {
  const { options, schema, registry } = props;
  const path = typeof options.optionsPath === 'string' ? options.optionsPath : undefined;
  const { options: loaded } = useOptions(path);
  const numeric = schema.type === 'integer' || schema.type === 'number';
  const enumOptions = loaded.map((option) => ({
    value: numeric ? Number(option.value) : option.value,
    label: option.label,
  }));
  const SelectWidget = registry.widgets.SelectWidget;
  return <SelectWidget {...props} options={{ ...options, enumOptions }} />;
}
