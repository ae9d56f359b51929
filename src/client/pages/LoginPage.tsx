import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  TextField,
  Typography,
} from '@mui/material';
import { useLogin, useTranslate } from 'ra-core';
import { type FormEvent, useEffect, useState } from 'react';
import { useVariant } from '../variant/VariantContext';
import { ForgotPasswordLink } from './account/ForgotPasswordLink';

/**
 * The German login page: e-mail as user name and password. A failed login shows the server's
 * message (bad credentials) in an alert that screen readers announce. "Passwort vergessen?" asks
 * for a reset link.
 */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const variant = useVariant();
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
      await login({ username: username.trim(), password });
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
          <ForgotPasswordLink />
        </CardContent>
      </Card>
    </Box>
  );
}
