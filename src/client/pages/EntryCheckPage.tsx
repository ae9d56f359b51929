import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { EntryCheckGuard } from '../layout/EntryCheckGuard';
import { PageHeader } from '../layout/PageHeader';

/**
 * A page of the entry checks (opt-in, password update, contact-information check). The forms
 * follow; the guard already sends the user back once the condition no longer holds.
 */
export function EntryCheckPage({
  title,
  text,
  standalone,
}: {
  title: string;
  text: string;
  standalone?: boolean;
}) {
  const translate = useTranslate();
  const content = (
    <>
      {/* inside the layout the layout's guard runs; the standalone page needs its own */}
      {standalone ? <EntryCheckGuard /> : null}
      <PageHeader title={translate(title)} />
      <Card>
        <CardContent>
          <Typography>{translate(text)}</Typography>
          <Typography sx={{ mt: 1 }}>{translate('ui.placeholder')}</Typography>
        </CardContent>
      </Card>
    </>
  );
  // the opt-in page has no header, toolbar or sidebar (spec)
  return standalone ? (
    <Box component="main" sx={{ maxWidth: 720, mx: 'auto', p: 3 }}>
      {content}
    </Box>
  ) : (
    content
  );
}
