import { Alert, Box, Button, CircularProgress, LinearProgress, Link, Step, StepLabel, Stepper, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import type { ServiceFeeMatrixEntry } from '../../../../generated/types';
import type { VariantConfig } from '../../../shared/config-types';
import { formatMoney } from '../../../shared/format';
import { apiFetch } from '../../data/http-client';
import { refusalText } from '../../forms/command-texts';
import type { FormValues } from '../../forms/form-schema';
import { classifyFailure, submitForm } from '../../forms/form-submit';
import { preloadFormatsOf } from '../../forms/lazy-formats';
import { OnboardingForm } from './OnboardingForm';
import { OnboardingLayout } from './OnboardingLayout';
import {
  APPLICATION_STEPS,
  applicationForm,
  clearDraft,
  fieldsOf,
  loadDraft,
  useOfferedProduct,
  productForm,
  saveDraft,
} from './onboarding-product';

/**
 * The documents the last step's checkboxes confirm, linked above them (issue 28: they linked to
 * nothing): the product's privacy policy (variants/*.yaml `links.privacy`) and, for factoring, the ten
 * golden rules, a page of the portal itself (public/documents/).
 */
const CONFIRMED_DOCUMENTS: Record<string, { label: string; href(variant: VariantConfig): string }> = {
  factoringRulesRead: { label: 'pages.onboarding.factoringRulesDocument', href: () => '/documents/zehn-goldene-regeln-des-factorings.html' },
  privacyPolicyAccepted: { label: 'pages.onboarding.privacyDocument', href: (variant) => variant.links.privacy },
};

/** Refusals without a field that belong to one (the server checks its database, not the schema). */
const FIELD_OF_REASON: Record<string, string> = { 'validation.emailTaken': 'email' };

/**
 * /onboarding/register/{type}: the product application in steps (company, legal, SEPA,
 * intermediary, contract and conditions) with progress; what is typed is kept in the tab
 * (sessionStorage) until it is sent. "Weiter" checks the step and marks all its wrong fields at
 * once. The last step shows the product's default conditions (GET …/sap-matrix/{type}/show-default)
 * and sends POST /onboarding/command/register-creditor; a refusal returns to the field's step.
 */
export function ProductApplicationPage() {
  const translate = useTranslate();
  const { type } = useParams();
  const variant = useOfferedProduct(type);
  const product = variant?.code ?? '';
  const steps = useMemo(
    () =>
      variant
        ? APPLICATION_STEPS.map((s) => ({ ...s, form: productForm(applicationForm, variant, s.fields, `productApplication-${s.key}`) })).filter(
            (s) => fieldsOf(s.form).length > 0,
          )
        : [],
    [variant],
  );
  // the IBAN step's check (ibantools) is fetched while the first steps are filled in, so that step's
  // form need not wait for it (OnboardingForm's validator suspends until it is there)
  useEffect(() => preloadFormatsOf(applicationForm), []);
  const [draft, setDraft] = useState(() => loadDraft(product));
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [stepErrors, setStepErrors] = useState(0);
  const [serverError, setServerError] = useState<{ field: string; message: string } | null>(null);
  const [matrix, setMatrix] = useState<ServiceFeeMatrixEntry | null>(null);
  useEffect(() => {
    if (!product) return;
    apiFetch<ServiceFeeMatrixEntry>(`/creditor-service-fee/sap-matrix/${product}/show-default`)
      .then(setMatrix)
      .catch(() => setMatrix(null));
  }, [product]);
  useEffect(() => {
    if (product && !done) saveDraft(product, draft);
  }, [product, draft, done]);
  if (!variant) return <Navigate to="/onboarding" replace />;

  const index = Math.min(draft.step, steps.length - 1);
  const step = steps[index];
  const last = index === steps.length - 1;
  const go = (next: number) => {
    setStepErrors(0);
    setAlert(null);
    setDraft((d) => ({ ...d, step: next }));
    window.scrollTo(0, 0);
  };

  const send = async (data: FormValues) => {
    setSending(true);
    setAlert(null);
    try {
      await submitForm(applicationForm, { ...data, productType: product }, {});
      clearDraft(product);
      setDone(String(data.email ?? ''));
    } catch (error) {
      const failure = classifyFailure(error, steps.flatMap((s) => fieldsOf(s.form)));
      const field = failure.kind === 'field' ? failure.field : failure.kind === 'alert' && failure.reason ? FIELD_OF_REASON[failure.reason] : undefined;
      if (field && failure.kind !== 'serverError') {
        const message = failure.kind === 'field' ? failure.message : refusalText(failure, translate);
        const owner = steps.findIndex((s) => fieldsOf(s.form).includes(field));
        setDraft((d) => ({ ...d, step: owner < 0 ? d.step : owner }));
        setServerError({ field, message });
      } else {
        setAlert(failure.kind === 'alert' ? refusalText(failure, translate) : translate('messages.onboarding.failed'));
      }
    }
    setSending(false);
  };

  /** The draft with this step's fields replaced (a field the step no longer shows goes). */
  const withStep = (data: FormValues, values: FormValues) => {
    const own = fieldsOf(step.form);
    return { ...Object.fromEntries(Object.entries(data).filter(([name]) => !own.includes(name))), ...values };
  };
  const submitStep = (values: FormValues) => {
    const data = withStep(draft.data, values);
    setDraft((d) => ({ ...d, data }));
    if (last) void send(data);
    else go(index + 1);
  };

  if (done !== null) {
    return (
      <OnboardingLayout title={translate('pages.onboarding.applyTitle')} subtitle={variant.productName}>
        <Alert severity="success" role="status">
          <Typography component="h2" variant="h6">
            {translate('pages.onboarding.doneTitle')}
          </Typography>
          {translate('pages.onboarding.applicationDone', { email: done })}
        </Alert>
      </OnboardingLayout>
    );
  }

  const stepTitle = translate(`pages.onboarding.steps.${step.key}`);
  return (
    <OnboardingLayout title={translate('pages.onboarding.applyTitle')} subtitle={variant.productName}>
      <Stepper activeStep={index} alternativeLabel sx={{ mb: 2, display: { xs: 'none', sm: 'flex' } }}>
        {steps.map((s) => (
          <Step key={s.key}>
            <StepLabel>{translate(`pages.onboarding.steps.${s.key}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <LinearProgress
        variant="determinate"
        value={((index + 1) / steps.length) * 100}
        aria-label={translate('pages.onboarding.progress', { step: index + 1, count: steps.length })}
        sx={{ mb: 1 }}
      />
      <Typography variant="body2" color="text.secondary" data-testid="onboarding-progress">
        {translate('pages.onboarding.progress', { step: index + 1, count: steps.length })}
      </Typography>
      <Typography variant="h5" component="h2" sx={{ mt: 2, mb: 1 }}>
        {stepTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('pages.onboarding.requiredHint')}
      </Typography>
      {last && matrix ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          <Typography component="h3" variant="subtitle1">
            {translate('pages.onboarding.conditions')}
          </Typography>
          <div>{translate('pages.onboarding.matrix', { name: matrix.name })}</div>
          {matrix.purchasedFee != null ? <div>{translate('pages.onboarding.purchasedFee', { fee: String(matrix.purchasedFee).replace('.', ',') })}</div> : null}
          <div>{translate('pages.onboarding.setupFee', { amount: formatMoney(variant.setupFeeOptions[0] ?? 0) })}</div>
        </Alert>
      ) : null}
      {stepErrors > 0 ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {translate('pages.onboarding.stepErrors', { count: stepErrors })}
        </Alert>
      ) : null}
      {alert ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {alert}
        </Alert>
      ) : null}
      {fieldsOf(step.form).some((name) => CONFIRMED_DOCUMENTS[name]) ? (
        <Box component="ul" aria-label={translate('pages.onboarding.documents')} sx={{ mt: 0, mb: 2, pl: 3 }}>
          <Typography variant="body2" component="li" sx={{ listStyle: 'none', ml: -3 }}>
            {translate('pages.onboarding.documents')}
          </Typography>
          {fieldsOf(step.form)
            .filter((name) => CONFIRMED_DOCUMENTS[name])
            .map((name) => (
              <Typography variant="body2" component="li" key={name}>
                <Link href={CONFIRMED_DOCUMENTS[name].href(variant)} target="_blank" rel="noopener">
                  {translate(CONFIRMED_DOCUMENTS[name].label)}
                </Link>{' '}
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {translate('pages.onboarding.opensInNewTab')}
                </Box>
              </Typography>
            ))}
        </Box>
      ) : null}
      <OnboardingForm
        key={step.key}
        form={step.form}
        data={draft.data}
        onChange={(values) => setDraft((d) => ({ ...d, data: withStep(d.data, values) }))}
        onSubmit={submitStep}
        onErrors={setStepErrors}
        serverError={serverError && fieldsOf(step.form).includes(serverError.field) ? serverError : null}
        disabled={sending}
      />
      <Box sx={{ mt: 2, display: 'flex', justifyContent: 'space-between' }}>
        <Button onClick={() => go(index - 1)} disabled={index === 0 || sending}>
          {translate('pages.onboarding.back')}
        </Button>
        <Button
          type="submit"
          form={step.form.name}
          variant="contained"
          disabled={sending}
          startIcon={sending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {last ? translate(applicationForm.submitLabel) : translate('pages.onboarding.next')}
        </Button>
      </Box>
    </OnboardingLayout>
  );
}
