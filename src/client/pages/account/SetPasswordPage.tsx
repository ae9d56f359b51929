import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useNavigate, useParams } from 'react-router-dom';
import { forms } from '../../../../generated/forms';
import { FormDialog } from '../../forms/FormDialog';
import { useVariant } from '../../variant/VariantContext';

/**
 * /set-password/{token}, the link of the company-user invitation mail: the acceptInvitation form
 * with the link's token as a hidden field. A used or expired link is refused with its German text in
 * the dialog; success leads to the login. Public: no login needed.
 */
export function SetPasswordPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const variant = useVariant();
  const { token } = useParams();
  const toLogin = () => navigate('/login', { replace: true });
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
            <img src={variant.logo} alt={variant.productName} height={48} />
            <Typography variant="h6" component="p">
              {variant.portalName}
            </Typography>
          </Box>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate('forms.acceptInvitation.title')}
          </Typography>
          <Button onClick={toLogin}>{translate('account.backToLogin')}</Button>
        </CardContent>
      </Card>
      <FormDialog form={forms.acceptInvitation} initial={{ token: token ?? '' }} onClose={toLogin} onSuccess={toLogin} />
    </Box>
  );
}
