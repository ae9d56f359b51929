import { Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { PageHeader } from '../layout/PageHeader';

/** A page whose content follows in a later issue; navigation to it works already. */
export function PlaceholderPage({ title }: { title: string }) {
  const translate = useTranslate();
  return (
    <>
      <PageHeader title={translate(title)} />
      <Card>
        <CardContent>
          <Typography data-testid="placeholder">{translate('ui.placeholder')}</Typography>
        </CardContent>
      </Card>
    </>
  );
}
