import { Box, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Navigate, Link as RouterLink } from 'react-router-dom';
import { useVariant } from '../../variant/VariantContext';
import { OnboardingLayout } from './OnboardingLayout';

/**
 * /onboarding: the products the host's variant sells — ask for it (product request) or apply for
 * it (product application). Hosts of portal-only variants (onboarding.enabled false) go to the login.
 */
export function OnboardingLandingPage() {
  const translate = useTranslate();
  const variant = useVariant();
  if (!variant.onboarding.enabled) return <Navigate to="/login" replace />;
  const product = { productName: variant.productName };
  const type = variant.code.toLowerCase();
  return (
    <OnboardingLayout title={translate('pages.onboarding.landingTitle', product)} subtitle={translate('pages.onboarding.landingSubtitle')}>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <Card component="section" aria-labelledby="onboarding-request-title" sx={{ height: '100%' }}>
            <CardContent>
              <Typography id="onboarding-request-title" variant="h5" component="h2" gutterBottom>
                {translate('pages.onboarding.requestTitle')}
              </Typography>
              <Typography>{translate('pages.onboarding.requestText', product)}</Typography>
            </CardContent>
            <CardActions>
              <Button variant="outlined" component={RouterLink} to={`/onboarding/request/${type}`}>
                {translate('pages.onboarding.requestAction')}
              </Button>
            </CardActions>
          </Card>
          <Card component="section" aria-labelledby="onboarding-apply-title" sx={{ height: '100%' }}>
            <CardContent>
              <Typography id="onboarding-apply-title" variant="h5" component="h2" gutterBottom>
                {translate('pages.onboarding.applyTitle')}
              </Typography>
              <Typography>{translate('pages.onboarding.applyText', product)}</Typography>
            </CardContent>
            <CardActions>
              <Button variant="contained" component={RouterLink} to={`/onboarding/register/${type}`}>
                {translate('pages.onboarding.applyAction')}
              </Button>
            </CardActions>
          </Card>
      </Box>
    </OnboardingLayout>
  );
}
