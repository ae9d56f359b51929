import { Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { tabWidgets } from '../widgets/tab-widgets';

/** A tab rendered by a hand-written widget from the registry; a missing one says it follows. */
export function DetailWidgetTab({
  name,
  record,
  resource,
}: {
  name: string;
  record: Record<string, unknown>;
  resource: string;
}) {
  const translate = useTranslate();
  const Widget = tabWidgets[name as keyof typeof tabWidgets];
  if (!Widget) return <Typography sx={{ py: 2 }}>{translate('ui.placeholder')}</Typography>;
  return <Widget record={record} resource={resource} />;
}
