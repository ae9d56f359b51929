import { Button, List, ListItem, ListItemText } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link } from 'react-router-dom';
import type { CreditorVoucher } from '../../../../generated/types';
import { formatDate, formatMoney } from '../../../shared/format';
import { enumLabel } from '../common/labels';
import { WidgetCard } from './WidgetCard';

/** The latest creditor statements, linking to the master data's creditor-voucher tab. */
export function StatementsWidget({ statements }: { statements: CreditorVoucher[] }) {
  const translate = useTranslate();
  return (
    <WidgetCard id="creditorVouchers" title={translate('pages.dashboard.statements.title')}>
      {statements.length === 0 ? (
        translate('pages.dashboard.noData')
      ) : (
        <List dense disablePadding>
          {statements.map((statement) => (
            <ListItem key={statement.identifier} disableGutters>
              <ListItemText
                primary={`${enumLabel(translate, 'creditorVoucherType', statement.type)} · ${formatMoney(statement.amount)}`}
                secondary={`${formatDate(statement.voucherDate)} · ${statement.sapNumber ?? ''}`}
                slotProps={{
                  primary: { sx: { fontWeight: statement.readStatus === 'new' ? 600 : undefined } },
                }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Button component={Link} to="/master-data?tab=creditorVouchers" size="small" sx={{ px: 0 }}>
        {translate('pages.dashboard.statements.all')}
      </Button>
    </WidgetCard>
  );
}
