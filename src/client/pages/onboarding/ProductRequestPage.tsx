import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useMemo, useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import type { FormValues } from '../../forms/form-schema';
import { classifyFailure, submitForm } from '../../forms/form-submit';
import { refusalText } from '../../forms/command-texts';
import { OnboardingForm } from './OnboardingForm';
import { OnboardingLayout } from './OnboardingLayout';
import { fieldsOf, productForm, requestForm, useOfferedProduct } from './onboarding-product';

/**
 * /onboarding/request/{type}: the product request (POST /onboarding/command/create-claim) with the
 * product's rules; an unknown or portal-only product leads to the landing page.
 */
export function ProductRequestPage() {
  const translate = useTranslate();
  const { type } = useParams();
  const variant = useOfferedProduct(type);
  const form = useMemo(() => (variant ? productForm(requestForm, variant) : undefined), [variant]);
  const [data, setData] = useState<FormValues>({});
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [serverError, setServerError] = useState<{ field: string; message: string } | null>(null);
  if (!variant || !form) return <Navigate to="/onboarding" replace />;

  const send = async (values: FormValues) => {
    setSending(true);
    setAlert(null);
    try {
      await submitForm(requestForm, { ...values, productType: variant.code }, {});
      setDone(true);
    } catch (error) {
      const failure = classifyFailure(error, fieldsOf(form));
      if (failure.kind === 'field') setServerError({ field: failure.field, message: failure.message });
      else setAlert(failure.kind === 'alert' ? refusalText(failure, translate) : translate('messages.onboarding.failed'));
    }
    setSending(false);
  };

  return (
    <OnboardingLayout title={translate('pages.onboarding.requestTitle')} subtitle={variant.productName}>
      {done ? (
        <Alert severity="success" role="status">
          <Typography component="h2" variant="h6">
            {translate('pages.onboarding.doneTitle')}
          </Typography>
          {translate('pages.onboarding.requestDone')}
        </Alert>
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>{translate('pages.onboarding.requestText', { productName: variant.productName })}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('pages.onboarding.requiredHint')}
          </Typography>
          {alert ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {alert}
            </Alert>
          ) : null}
          <OnboardingForm form={form} data={data} onChange={setData} onSubmit={send} serverError={serverError} disabled={sending} />
          <Box sx={{ mt: 2, display: 'flex', justifyContent: 'flex-end' }}>
            <Button type="submit" form={form.name} variant="contained" disabled={sending} startIcon={sending ? <CircularProgress size={16} color="inherit" /> : undefined}>
              {translate(requestForm.submitLabel)}
            </Button>
          </Box>
        </>
      )}
    </OnboardingLayout>
  );
}
