import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
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
            <TextField
              label={translate('ra.auth.email')}
              type="email"
              name="username"
              autoComplete="username"
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              required
              fullWidth
              margin="normal"
              autoFocus
            />
            <TextField
              label={translate('ra.auth.password')}
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              required
              fullWidth
              margin="normal"
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
