import { AppBar, Box, Button, Container, Link, Toolbar, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useVariant } from '../../variant/VariantContext';

/**
 * The onboarding's own toolbar and header (document 2 §2 "Onboarding has its own toolbar and
 * header"): the product's logo and portal name, the way to the login, the page title with its
 * subtitle, and the product's contact data, imprint and privacy policy (variants/*.yaml `links`) below.
 */
export function OnboardingLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const translate = useTranslate();
  const variant = useVariant();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar position="static" color="primary" elevation={0}>
        <Toolbar sx={{ gap: 2, minHeight: 90 }}>
          <Box sx={{ bgcolor: 'common.white', borderRadius: 1, p: 0.5, display: 'flex' }}>
            <img src={variant.logo} alt={variant.productName} height={40} />
          </Box>
          <Typography component="p" variant="h6" sx={{ flexGrow: 1 }}>
            {variant.portalName} · {translate('pages.onboarding.toolbarLabel')}
          </Typography>
          <Button color="inherit" component={RouterLink} to="/login">
            {translate('pages.onboarding.login')}
          </Button>
        </Toolbar>
      </AppBar>
      <Box component="header" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Container maxWidth="md" sx={{ py: 3 }}>
          <Typography variant="h4" component="h1">
            {title}
          </Typography>
          {subtitle ? (
            <Typography variant="subtitle1" color="text.secondary">
              {subtitle}
            </Typography>
          ) : null}
        </Container>
      </Box>
      <Container component="main" maxWidth="md" sx={{ py: 3, flexGrow: 1 }}>
        {children}
      </Container>
      <Box component="footer" sx={{ py: 2, textAlign: 'center', color: 'text.secondary' }}>
        <Typography variant="body2">
          {variant.contact.serviceTimes} · {variant.contact.hotline} · {variant.contact.mail}
        </Typography>
        <Typography variant="body2" component="nav" aria-label={translate('pages.onboarding.legalLinks')} sx={{ mt: 0.5 }}>
          <Link href={variant.links.imprint} target="_blank" rel="noopener" color="inherit">
            {translate('pages.onboarding.imprint')}
          </Link>
          {' · '}
          <Link href={variant.links.privacy} target="_blank" rel="noopener" color="inherit">
            {translate('pages.onboarding.privacy')}
          </Link>
        </Typography>
      </Box>
    </Box>
  );
}
