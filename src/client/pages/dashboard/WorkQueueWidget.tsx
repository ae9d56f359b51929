import { Button } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link } from 'react-router-dom';
import { formatDate } from '../../../shared/format';
import type { DashboardData } from './dashboard-data';
import { FigureValue } from './FigureValue';
import { WidgetCard } from './WidgetCard';

/** Open work-queue decisions with the oldest one, linking to the work queue. */
export function WorkQueueWidget({ data }: { data: NonNullable<DashboardData['workQueue']> }) {
  const translate = useTranslate();
  return (
    <WidgetCard id="workQueue" title={translate('pages.dashboard.workQueue.title')}>
      <FigureValue
        value={data.count}
        detail={
          data.oldest
            ? translate('pages.dashboard.workQueue.oldest', {
                title: data.oldest.title,
                date: formatDate(data.oldest.created),
              })
            : translate('pages.dashboard.workQueue.none')
        }
      />
      <Button
        component={Link}
        to={data.oldest ? `/work-queue/${data.oldest.id}` : '/work-queue'}
        size="small"
        sx={{ mt: 1, px: 0 }}
      >
        {translate('pages.dashboard.workQueue.open')}
      </Button>
    </WidgetCard>
  );
}
