import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useRefresh, useTranslate } from 'ra-core';
import { useId, useRef, useState } from 'react';
import { enums } from '../../../../generated/enums';
// opened only from ActionDialog (custom-dialogs.ts), which has loaded the dialogs' commands already
import { dialogCommands } from '../../../../generated/dialog-commands';
import { forms } from '../../../../generated/forms';
import type { StateOfAffairsOption, WorkQueueItem } from '../../../../generated/types';
import { parseGermanMoney } from '../../../shared/validation/german-input.parse';
import { asIs } from '../../data/use-server-error';
import { commandOfForm, failureText, refusalText } from '../../forms/form-command';
import { classifyFailure, submitForm, submitKeys } from '../../forms/form-submit';

const FORM = forms.workQueueAnswer;
const AMOUNT_KINDS = ['credit_advice', 'direct_payment', 'abandonment'];
const MAX_FILES = 5;

type Option = StateOfAffairsOption;

/** A file as the forms send it: a data URL with its name (`data:application/pdf;name=a.pdf;base64,…`). */
const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(String(reader.result).replace(/^data:([^;,]*)/, (head) => `${head};name=${encodeURIComponent(file.name)}`));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/**
 * The answer to a work-queue decision (document 1 §3, §7): the answer chosen from the item's
 * accepted and rejected options (not free text), the follow-up action that option leads to, and
 * what the option asks for — an amount when not the whole open amount is meant, the exposure type,
 * a note, a PDF. Sent as multipart to POST /user-information/work-queue/{id}/{answerCode}/{followUpAction};
 * afterwards the list and the toolbar's unhandled count reload. A voucher upload follow-up needs
 * a file: the first one is handed over as a voucher (its parent the item's voucher), the dialog says so.
 */
export function WorkQueueAnswerDialog({
  record,
  recordId,
  onClose,
}: {
  record?: Record<string, unknown>;
  recordId?: string | number;
  onClose(): void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const ids = useId();
  const item = record as unknown as WorkQueueItem | undefined;
  const state = item?.stateOfAffairs ?? null;
  // a second click before the next render sends nothing
  const inFlight = useRef(false);
  const keys = useRef(submitKeys()).current;
  const [code, setCode] = useState('');
  const [amount, setAmount] = useState('');
  const [exposureType, setExposureType] = useState('');
  const [note, setNote] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [tried, setTried] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const accepted = state?.acceptedOptions ?? [];
  const rejected = state?.rejectedOptions ?? [];
  const option: Option | undefined = [...accepted, ...rejected].find((o) => o.code === code);
  const isAccepted = accepted.some((o) => o.code === code);
  const followUp = option ? (isAccepted ? state?.followUpAction : state?.rejectAction) ?? 'default' : undefined;
  const needsAmount = Boolean(option && followUp && AMOUNT_KINDS.includes(followUp) && !option.fullAmount);
  const uploadFollowUp = followUp === 'voucher_upload';
  // a voucher upload hands the (first) file over as a voucher: it needs one
  const fileRequired = option ? Boolean(isAccepted ? state?.acceptFileRequired : state?.rejectFileRequired) || uploadFollowUp : false;
  const cents = parseGermanMoney(amount);

  const label = (key: string, required = true) =>
    required ? translate(key) : `${translate(key)} ${translate('ui.optional')}`;
  const errors = {
    answerCode: !option ? translate('validation.required') : null,
    amount: needsAmount && (cents === null || cents <= 0) ? translate('messages.workQueue.amountRequired') : null,
    exposureType: followUp === 'exposure_type' && !exposureType ? translate('validation.required') : null,
    note: option?.noteRequired && !note.trim() ? translate('messages.workQueue.noteRequired') : null,
    files: fileRequired && files.length === 0 ? translate('messages.workQueue.fileRequired') : null,
  };
  const shown = (error: string | null) => (tried ? error : null);
  const followUpLabel = (value: string) => {
    const entry = enums.workQueueFollowUp?.values.find((v) => String(v.value) === value);
    return entry ? translate(entry.label, { _: value }) : value;
  };

  const send = async () => {
    if (inFlight.current) return;
    setTried(true);
    setAlert(null);
    if (Object.values(errors).some(Boolean) || !option || !followUp) return;
    setSending(true);
    inFlight.current = true;
    try {
      const values: Record<string, unknown> = { answerCode: option.code, followUpAction: followUp };
      if (needsAmount && cents !== null) values.amount = cents;
      if (followUp === 'exposure_type') values.exposureType = exposureType;
      if (note.trim()) values.note = note.trim();
      if (files.length) values.files = await Promise.all(files.map(readAsDataUrl));
      // one Idempotency-Key per answer, the same when the same answer is sent again after a failure
      const response = (await submitForm(FORM, values, { id: recordId }, keys.keyFor(values))) as { message?: string } | null;
      keys.done();
      const text = response?.message || translate('messages.workQueue.submitted');
      notify(text, { type: 'success', ...asIs(text) });
      await queryClient.invalidateQueries({ queryKey: ['kontor-count'] });
      refresh();
      onClose();
    } catch (error) {
      const failure = classifyFailure(error, []);
      if (failure.kind === 'serverError') {
        const text = failureText(commandOfForm(FORM, dialogCommands), translate);
        notify(text, { type: 'error', ...asIs(text) });
      } else setAlert(failure.kind === 'alert' ? refusalText(failure, translate) : failure.message);
      setSending(false);
    } finally {
      inFlight.current = false;
    }
  };

  const optionGroup = (title: string, options: Option[]) =>
    options.length ? (
      <Box sx={{ mb: 1 }}>
        <Typography variant="subtitle2" component="p" sx={{ mt: 1 }}>
          {title}
        </Typography>
        {options.map((o) => (
          <FormControlLabel key={o.code} value={o.code} control={<Radio />} label={o.text} />
        ))}
      </Box>
    ) : null;

  return (
    <Dialog open onClose={onClose} aria-labelledby={`${ids}-title`} slotProps={{ paper: { sx: { width: 555 } } }}>
      <DialogTitle id={`${ids}-title`}>{translate(FORM.label)}</DialogTitle>
      <DialogContent>
        {alert ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {alert}
          </Alert>
        ) : null}
        {item?.text ? <Typography sx={{ mb: 2 }}>{item.text}</Typography> : null}
        {!state ? (
          <Alert severity="info">{translate('messages.workQueue.unknownAnswer')}</Alert>
        ) : (
          <FormControl error={Boolean(shown(errors.answerCode))} component="fieldset" sx={{ width: '100%' }}>
            <FormLabel component="legend" id={`${ids}-answer`}>
              {translate(FORM.labels.answerCode)}
            </FormLabel>
            <RadioGroup aria-labelledby={`${ids}-answer`} value={code} onChange={(event) => setCode(event.target.value)}>
              {optionGroup(translate('resources.workQueue.tabs.acceptedOptions'), accepted)}
              {optionGroup(translate('resources.workQueue.tabs.rejectedOptions'), rejected)}
            </RadioGroup>
            {shown(errors.answerCode) ? <FormHelperText>{errors.answerCode}</FormHelperText> : null}
          </FormControl>
        )}
        {followUp ? (
          <Typography sx={{ my: 1 }} data-testid="work-queue-follow-up">
            {translate(FORM.labels.followUpAction)}: {followUpLabel(followUp)}
          </Typography>
        ) : null}
        {uploadFollowUp ? (
          <Alert severity="info" sx={{ my: 1 }}>
            {translate('messages.workQueue.voucherUploadInfo')}
          </Alert>
        ) : null}
        {needsAmount ? (
          <TextField
            fullWidth
            margin="dense"
            label={translate(FORM.labels.amount)}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={Boolean(shown(errors.amount))}
            helperText={shown(errors.amount) ?? translate('forms.workQueueAnswer.help.amount', { _: '' })}
            slotProps={{ input: { endAdornment: '€' } }}
          />
        ) : null}
        {followUp === 'exposure_type' ? (
          <TextField
            select
            fullWidth
            margin="dense"
            label={translate(FORM.labels.exposureType)}
            value={exposureType}
            onChange={(event) => setExposureType(event.target.value)}
            error={Boolean(shown(errors.exposureType))}
            helperText={shown(errors.exposureType)}
          >
            {(enums.exposureType?.values ?? []).map((v) => (
              <MenuItem key={String(v.value)} value={String(v.value)}>
                {translate(v.label)}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        {option ? (
          <TextField
            fullWidth
            multiline
            minRows={3}
            margin="dense"
            label={label(FORM.labels.note, Boolean(option.noteRequired))}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            error={Boolean(shown(errors.note))}
            helperText={shown(errors.note)}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        ) : null}
        {option ? (
          <FormControl error={Boolean(shown(errors.files))} sx={{ mt: 1 }}>
            <FormLabel htmlFor={`${ids}-files`}>{label(FORM.labels.files, Boolean(fileRequired))}</FormLabel>
            <input
              id={`${ids}-files`}
              type="file"
              accept="application/pdf,.pdf"
              multiple
              onChange={(event) => setFiles(Array.from(event.target.files ?? []).slice(0, MAX_FILES))}
            />
            {files.length ? (
              <FormHelperText>{files.map((file) => file.name).join(', ')}</FormHelperText>
            ) : null}
            {shown(errors.files) ? <FormHelperText>{errors.files}</FormHelperText> : null}
          </FormControl>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ui.form.cancel')}</Button>
        <Button
          variant="contained"
          onClick={send}
          disabled={sending || !state}
          startIcon={sending ? <CircularProgress size={16} color="inherit" aria-label={translate('ui.actions.running')} /> : undefined}
        >
          {translate(FORM.submitLabel)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
