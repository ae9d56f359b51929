import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** One dashboard widget: a card with a heading the content is labelled by. */
export function WidgetCard({
  id,
  title,
  wide,
  children,
}: {
  id: string;
  title: string;
  /** spans two grid columns on wide screens (charts) */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Card
      component="section"
      aria-labelledby={`widget-${id}`}
      data-testid={`widget-${id}`}
      sx={{ gridColumn: wide ? { xs: 'auto', md: 'span 2' } : undefined }}
    >
      <CardContent>
        <Typography id={`widget-${id}`} variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
