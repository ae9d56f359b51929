import { Box, Link, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useGetIdentity, useTranslate } from 'ra-core';
import { hasAdminRole } from '../auth/permission-evaluator';
import { FRONTEND_VERSION } from '../../shared/version';
import { apiFetch } from '../data/http-client';
import { useVariant } from '../variant/VariantContext';

/** Service times, hotline and service mail of the variant; admins also see both versions. */
export function ContactBar() {
  const translate = useTranslate();
  const { contact } = useVariant();
  const { identity } = useGetIdentity();
  const admin = hasAdminRole(identity?.roles);
  const { data: version } = useQuery({
    queryKey: ['kontor-version'],
    queryFn: () => apiFetch<{ frontend?: string; backend?: string }>('/version'),
    enabled: admin,
    retry: false,
  });

  return (
    <Box
      component="section"
      aria-label={translate('ui.contact.title')}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: { xs: 1, sm: 3 },
        py: 2,
        mt: 4,
        borderTop: 1,
        borderColor: 'divider',
        color: 'text.secondary',
      }}
      data-testid="contact-bar"
    >
      <Typography variant="body2">
        {translate('ui.contact.serviceTimes')}: {contact.serviceTimes}
      </Typography>
      <Typography variant="body2">
        {translate('ui.contact.hotline')}:{' '}
        <Link href={`tel:${contact.hotline.replace(/[^\d+]/g, '')}`}>{contact.hotline}</Link>
      </Typography>
      <Typography variant="body2">
        {translate('ui.contact.mail')}: <Link href={`mailto:${contact.mail}`}>{contact.mail}</Link>
      </Typography>
      {admin ? (
        <Typography variant="body2" data-testid="versions">
          {translate('ui.contact.frontendVersion')}: {FRONTEND_VERSION} ·{' '}
          {translate('ui.contact.backendVersion')}: {version?.backend ?? '–'}
        </Typography>
      ) : null}
    </Box>
  );
}
