import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useNotify, useRefresh, useTranslate } from 'ra-core';
import { type ReactNode, useId, useRef, useState } from 'react';
import type { CommandConfig } from '../../shared/config-types';
import { newIdempotencyKey } from '../data/http-client';
import { asIs } from '../data/use-server-error';
import { callCommand, failureText, refusalText, successText } from '../forms/form-command';
import { classifyFailure, type FormTarget } from '../forms/form-submit';
import { commandResults } from './command-results';

export interface CommandDialogProps {
  /** the action's label */
  title: string;
  command: CommandConfig;
  /** what the command acts on (`{ id }` of the debtor or the chosen location) */
  target: FormTarget;
  /** the body of a command that names its record in the body (a company user's `identifier`) */
  body?: Record<string, unknown>;
  /** values of the confirmation text's placeholders (`%{name}`) */
  confirmParams?: Record<string, unknown>;
  /** the shown record (a result view may need it) */
  record?: Record<string, unknown>;
  /** shown above the confirmation text, e.g. the choice of the location */
  header?: ReactNode;
  /** while set, the dialog waits for a choice in the header and cannot confirm */
  awaiting?: string;
  /** set when nothing can be chosen: why; the dialog cannot confirm */
  blocked?: string;
  onClose(): void;
}

/**
 * Confirms and runs a command without fields (schema/commands): its confirmation text, Abbrechen
 * and the command's label, a spinner while it runs. Success shows the server's message in the
 * green snackbar and reloads the detail, the list and the permissions (react-admin's refresh
 * invalidates every query); a command with a result view (`commandResults`) shows its answer
 * first. A refusal keeps the dialog open with the German reason; a failure shows the command's
 * failure text in the red snackbar.
 */
export function CommandDialog({
  title,
  command,
  target,
  body,
  confirmParams,
  record,
  header,
  awaiting,
  blocked,
  onClose,
}: CommandDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const [running, setRunning] = useState(false);
  // a second click before the next render sends nothing
  const inFlight = useRef(false);
  // the dialog's one Idempotency-Key (its body never changes): a retry after a failure acts at most once
  const idempotencyKey = useRef(newIdempotencyKey()).current;
  const [alert, setAlert] = useState<string | null>(null);
  const [result, setResult] = useState<{ answer: unknown } | null>(null);
  const Result = commandResults[command.name];

  const run = async () => {
    if (running || inFlight.current || awaiting || blocked) return;
    inFlight.current = true;
    setAlert(null);
    setRunning(true);
    try {
      const answer = await callCommand(command, target, body, idempotencyKey);
      refresh();
      if (Result) {
        setResult({ answer });
        setRunning(false);
        return;
      }
      const text = successText(answer, command, translate);
      notify(text, { type: 'success', ...asIs(text) });
      onClose();
    } catch (error) {
      const failure = classifyFailure(error, []);
      if (failure.kind === 'alert') setAlert(refusalText(failure, translate));
      else {
        if (!(error as { status?: number })?.status) console.error(error);
        const text = failureText(command, translate);
        notify(text, { type: 'error', ...asIs(text) });
      }
      setRunning(false);
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <Dialog
      open
      fullScreen={fullScreen}
      maxWidth={false}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick' && !running) onClose();
      }}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: fullScreen ? {} : { width: 555, maxWidth: 'calc(100% - 32px)' } } }}
      data-testid="command-dialog"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent aria-busy={running}>
        {header && !result ? <Box sx={{ pt: 1 }}>{header}</Box> : null}
        {alert ? (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {alert}
          </Alert>
        ) : null}
        {result && Result ? (
          <Result result={result.answer} record={record} />
        ) : blocked ? (
          <Alert severity="info" data-testid="command-blocked">
            {blocked}
          </Alert>
        ) : (
          <>
            <DialogContentText>
              {translate(command.confirm ? `messages.${command.confirm}` : 'ui.actions.confirm', confirmParams)}
            </DialogContentText>
            {awaiting ? (
              <Alert severity="info" sx={{ mt: 2 }} data-testid="command-awaiting">
                {awaiting}
              </Alert>
            ) : null}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {result ? (
          // the result replaces the buttons that had the focus
          <Button variant="contained" onClick={onClose} autoFocus>
            {translate('ra.action.close')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={running}>
              {translate('ui.form.cancel')}
            </Button>
            <Button
              variant="contained"
              onClick={run}
              disabled={running || Boolean(awaiting || blocked)}
              startIcon={
                running ? (
                  <CircularProgress size={16} color="inherit" aria-label={translate('ui.actions.running')} />
                ) : undefined
              }
            >
              {translate(command.label)}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
