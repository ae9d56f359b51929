import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useNavigate } from 'react-router-dom';
import type { CommandConfig, FormConfig } from '../../../shared/config-types';
import { FormDialog } from '../../forms/FormDialog';
import type { FormValues } from '../../forms/form-schema';
import { useVariant } from '../../variant/VariantContext';

/**
 * A page reached from a mailed link without a login (the reset and the invitation link): the
 * product's card with the form's title and a way back to the login, and the form's dialog started
 * with the link's values (hidden fields). A refusal shows in the dialog; success leads to the login.
 */
export function PublicFormPage({
  form,
  commands,
  initial,
}: {
  form: FormConfig;
  /** the commands taking the form (generated/form-commands) */
  commands: Record<string, CommandConfig>;
  initial: FormValues;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const variant = useVariant();
  const toLogin = () => navigate('/login', { replace: true });
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
    >
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
            <img src={variant.logo} alt={variant.productName} height={48} />
            <Typography variant="h6" component="p">
              {variant.portalName}
            </Typography>
          </Box>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate(form.label)}
          </Typography>
          <Button onClick={toLogin}>{translate('account.backToLogin')}</Button>
        </CardContent>
      </Card>
      <FormDialog form={form} commands={commands} initial={initial} onClose={toLogin} onSuccess={toLogin} />
    </Box>
  );
}
