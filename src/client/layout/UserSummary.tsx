import { Box, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { enums } from '../../../generated/enums';
import type { CurrentUser } from '../auth/current-user';
import { EnumChip } from '../widgets/EnumChip';

/**
 * A creditor status is called out when its YAML colour warns (blocked, terminated): those
 * restrict the work (document 1 §4); the healthy status needs no mention.
 */
const isRestricted = (status: string): boolean => {
  const entry = enums.creditorStatus?.values.find((value) => String(value.value) === status);
  return entry?.color === 'warning' || entry?.color === 'error';
};

/** The head of the user menu: name, customer number (SAP number) and a blocked/terminated status. */
export function UserSummary({ user }: { user?: CurrentUser }) {
  const translate = useTranslate();
  if (!user) return null;
  return (
    <Box sx={{ px: 2, py: 1 }} data-testid="user-summary">
      <Typography sx={{ fontWeight: 600 }}>{user.name || user.username}</Typography>
      {user.sapNumber ? (
        <Typography variant="body2" color="text.secondary">
          {translate('fields.sapNumber')}: {user.sapNumber}
        </Typography>
      ) : null}
      {user.creditorStatus && isRestricted(user.creditorStatus) ? (
        <Box sx={{ mt: 0.5, maxWidth: 280 }}>
          <EnumChip value={user.creditorStatus} enumName="creditorStatus" />
          <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'normal' }}>
            {translate(`messages.creditorStatus.${user.creditorStatus}Info`, { _: '' })}
          </Typography>
        </Box>
      ) : null}
    </Box>
  );
}
