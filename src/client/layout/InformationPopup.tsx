import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, Typography } from '@mui/material';
import { useGetIdentity, useTranslate } from 'ra-core';
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { hasAdminRole } from '../auth/permission-evaluator';
import { useLocalized } from '../pages/help/use-help-center';
import { useInformation } from '../pages/help/use-information';

/**
 * The dated information pop-up (document 2 §1): the first current entry the user has not seen yet;
 * "Verstanden" marks it seen on the server, so it is shown once per user — to creditor users: not to
 * admins (whose product is no customer's), not while an admin impersonates, not on the
 * information page itself (which lists it anyway), nor over a tutorial just opened by link.
 */
export function InformationPopup() {
  const translate = useTranslate();
  const localized = useLocalized();
  const location = useLocation();
  const { identity } = useGetIdentity();
  const { query, markSeen } = useInformation();
  const [closing, setClosing] = useState<string | null>(null);
  const entry = query.data?.entries.find((candidate) => candidate.active && !candidate.seen && candidate.key !== closing);
  const search = new URLSearchParams(location.search);
  const tutorialOpen = search.has('showVideo') || search.has('tag');
  const hidden =
    !identity ||
    hasAdminRole(identity.roles) ||
    identity.impersonated ||
    tutorialOpen ||
    location.pathname.startsWith('/user-info');
  if (!entry || hidden) return null;
  const close = async () => {
    setClosing(entry.key);
    try {
      await markSeen(entry.key);
    } catch {
      // shown again next time: nothing is lost
    }
  };
  return (
    <Dialog open onClose={close} aria-labelledby="information-title" slotProps={{ paper: { sx: { width: 555 } } }}>
      <DialogTitle id="information-title">{localized(entry.title)}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1 }}>{localized(entry.text)}</Typography>
        <Link component={RouterLink} to={`/user-info/${entry.key}`} onClick={close}>
          {translate('ui.nav.userInfo')}
        </Link>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={close}>
          {translate('selfservice.userInfo.understood')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
