import { Typography } from '@mui/material';
import { useGetIdentity, useTranslate } from 'ra-core';
import { Menu } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { hasAdminRole, hasSuperAdminRole } from '../auth/permission-evaluator';
import { creditorLockReason } from '../auth/use-creditor-lock';
import { useAdminPermissionCheck, usePermissionCheck } from '../auth/use-permission-check';
import { uploadVoucherForm } from '../../../generated/forms/upload-voucher';
import { withParam } from '../forms/query-params';
import { iconFor } from '../widgets/icon-registry';
import { ADMIN_NAV, navEntry, SIDEBAR_KEYS, UPLOAD_CREDITOR_STATES, UPLOAD_KEY } from './navigation';

/**
 * The sidebar. Creditor users: dashboard, vouchers, debtors, permanent debts and unprocessed
 * (each if permitted) and the upload action. Admins: the admin pages (admins list for the super
 * admin only). Labels come from the navigation permission texts, so variant wording applies.
 */
export function KontorMenu() {
  const translate = useTranslate();
  const location = useLocation();
  const allowed = usePermissionCheck();
  const allowedAdmin = useAdminPermissionCheck();
  const { identity } = useGetIdentity();
  if (!identity) return <Menu />;
  const roles: string[] = identity.roles ?? [];

  if (hasAdminRole(roles)) {
    const superAdmin = hasSuperAdminRole(roles);
    return (
      <Menu>
        {ADMIN_NAV.filter(
          (entry) =>
            (!entry.superAdminOnly || superAdmin) &&
            (!entry.adminPermissions || entry.adminPermissions.some((key) => allowedAdmin(key))),
        ).map((entry) => {
          const Icon = iconFor(entry.icon);
          return (
            <Menu.Item
              key={entry.key}
              to={entry.to}
              primaryText={translate(entry.label)}
              leftIcon={<Icon />}
            />
          );
        })}
      </Menu>
    );
  }

  const upload = navEntry(UPLOAD_KEY);
  // the sidebar entry and the upload form each have a permission; the entry shows when both hold
  const uploadAllowed = allowed(upload.permission) && allowed(uploadVoucherForm.permission);
  const UploadIcon = iconFor(upload.icon);
  const locked = creditorLockReason(identity.creditorStatus, UPLOAD_CREDITOR_STATES);
  return (
    <Menu>
      {SIDEBAR_KEYS.map((key) => navEntry(key))
        .filter((entry) => allowed(entry.permission))
        .map((entry) => {
          const Icon = iconFor(entry.icon);
          return (
            <Menu.Item
              key={entry.key}
              to={entry.to}
              primaryText={translate(entry.label)}
              leftIcon={<Icon />}
              {...(entry.to === '/' ? { end: true } : {})}
            />
          );
        })}
      {uploadAllowed && locked ? (
        // a blocked or terminated creditor hands over no vouchers: the entry stays, switched off, with the reason
        <Menu.Item
          to={location}
          disabled
          aria-disabled
          primaryText={
            <span>
              {translate(upload.label)}
              <Typography component="span" variant="caption" sx={{ display: 'block', whiteSpace: 'normal' }}>
                {translate(locked)}
              </Typography>
            </span>
          }
          leftIcon={<UploadIcon />}
        />
      ) : uploadAllowed ? (
        <Menu.Item
          to={{ pathname: location.pathname, search: withParam(location.search, UPLOAD_KEY) }}
          primaryText={translate(upload.label)}
          leftIcon={<UploadIcon />}
        />
      ) : null}
    </Menu>
  );
}
