import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useEffect } from 'react';
import de from 'virtual:kontor-shell-catalogue';
import { claimDisturbanceReload, type FailureKind, POLL_INTERVAL_MS } from './failure-state';

// Shown outside react-admin (its providers may be what fails), so the German texts come straight
// from the catalogue: the portal's language is German.
const texts = de.messages.failurePage;

/**
 * The disturbance (HTTP 406) or maintenance (503) page of document 2 §8: the info text and a reload
 * button; the health check is polled every 30 seconds and the page reloads once it answers 200. On
 * a disturbance the page also reloads once at once, unless it did so recently.
 */
export function FailurePage({ kind, reload = () => window.location.reload() }: { kind: FailureKind; reload?: () => void }) {
  useEffect(() => {
    if (kind === 'disturbance' && claimDisturbanceReload(Date.now())) {
      reload();
      return;
    }
    const timer = setInterval(async () => {
      try {
        const response = await fetch('/api/healthy', { cache: 'no-store' });
        if (response.status === 200) reload();
      } catch {
        // still unreachable: keep polling
      }
    }, POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [kind, reload]);

  const text = texts[kind];
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3, bgcolor: 'grey.100' }}>
      <Card sx={{ maxWidth: 555 }} role="alert" data-testid={`failure-${kind}`}>
        <CardContent>
          <Typography variant="h4" component="h1" gutterBottom>
            {text.title}
          </Typography>
          <Typography sx={{ mb: 3 }}>{text.info}</Typography>
          <Button variant="contained" onClick={reload}>
            {texts.reload}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
