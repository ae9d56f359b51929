import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import de from 'virtual:kontor-shell-catalogue';
import { STORAGE_KEYS, storage } from './storage-keys';

// Shown on every page, the login page included, outside react-admin: German texts from the catalogue.
const texts = de.messages.cookies;

/**
 * The cookie banner (document 1 §2): allow or decline, remembered under the storage key "cookies
 * accepted" (`true` / `false`); the settings page shows the choice.
 */
export function CookieBanner() {
  const [choice, setChoice] = useState(() => storage()?.getItem(STORAGE_KEYS.cookiesAccepted) ?? null);
  if (choice === 'true' || choice === 'false') return null;
  const choose = (accepted: boolean) => {
    storage()?.setItem(STORAGE_KEYS.cookiesAccepted, String(accepted));
    setChoice(String(accepted));
  };
  return (
    <Paper
      component="section"
      role="region"
      aria-label="Cookies"
      elevation={8}
      square
      sx={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: (theme) => theme.zIndex.snackbar + 1, p: 2 }}
      data-testid="cookie-banner"
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center', maxWidth: 1200, mx: 'auto' }}>
        <Typography sx={{ flex: 1 }}>{texts.text}</Typography>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button variant="outlined" onClick={() => choose(false)}>
            {texts.decline}
          </Button>
          <Button variant="contained" onClick={() => choose(true)}>
            {texts.allow}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
