import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import FilledInput from '@mui/material/FilledInput';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import type { VariantConfig } from '../../shared/config-types';
import type { Credentials } from '../auth/sign-in';

export interface LoginViewProps {
  variant: VariantConfig;
  translate: (key: string) => string;
  /** signs in; rejects with the server's German text (or an i18n key under `messages.`) */
  onLogin: (credentials: Credentials) => Promise<unknown>;
  /** what stands under the form: the "Passwort vergessen?" link */
  children?: ReactNode;
}

/**
 * The German login page without react-admin (the light login entry and the portal's login page
 * share it): e-mail as user name and password. A failed login shows the server's message (bad
 * credentials, the lockout) in an alert that screen readers announce.
 */
export function LoginView({ variant, translate, onLogin, children }: LoginViewProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = `${translate('ui.login.title')} – ${variant.portalName}`;
  }, [translate, variant.portalName]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onLogin({ username: username.trim(), password });
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : '';
      setError(message && !message.startsWith('messages.') ? message : translate('messages.badCredentials'));
      setBusy(false);
    }
  };

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        p: 2,
      }}
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
            {translate('ui.login.title')}
          </Typography>
          <Box component="form" onSubmit={submit} noValidate>
            <LoginField
              label={translate('ra.auth.email')}
              type="email"
              name="username"
              autoComplete="username"
              value={username}
              onChange={setUsername}
              autoFocus
            />
            <LoginField
              label={translate('ra.auth.password')}
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={setPassword}
            />
            {error ? (
              <Alert severity="error" role="alert" sx={{ mt: 1 }} data-testid="login-error">
                {error}
              </Alert>
            ) : null}
            <Button
              type="submit"
              variant="contained"
              fullWidth
              sx={{ mt: 2 }}
              disabled={busy || !username || !password}
              startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
            >
              {translate('ra.auth.sign_in')}
            </Button>
          </Box>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}

interface LoginFieldProps {
  label: string;
  type: 'email' | 'password';
  name: string;
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}

/**
 * A required, labelled input as react-admin's theme draws a TextField (filled, small), built from
 * its parts: MUI's TextField also brings the Select with its menu and popover, which the login
 * page does not need (issue 13: the first load stays small).
 */
function LoginField({ label, type, name, autoComplete, value, onChange, autoFocus }: LoginFieldProps) {
  const id = useId();
  return (
    <FormControl variant="filled" size="small" margin="normal" fullWidth required>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <FilledInput
        id={id}
        type={type}
        name={name}
        autoComplete={autoComplete}
        value={value}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        autoFocus={autoFocus}
      />
    </FormControl>
  );
}
