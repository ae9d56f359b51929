import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useEffect, useState } from 'react';
import de from 'virtual:kontor-shell-catalogue';

/** The loader gives up after 120 s (document 1 §9 "Loader time-out", document 2 §9 "Chunk load time-out"). */
export const LOADER_TIMEOUT_MS = 120_000;

/**
 * The fallback while a code chunk loads: a spinner, and after 120 s the error state with a reload
 * button instead of spinning for ever. Used as the outermost Suspense fallback (outside react-admin,
 * so its German text comes from the catalogue).
 */
export function ChunkLoader({ timeoutMs = LOADER_TIMEOUT_MS }: { timeoutMs?: number }) {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setExpired(true), timeoutMs);
    return () => clearTimeout(timer);
  }, [timeoutMs]);
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '50vh', p: 3 }}>
      {expired ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => window.location.reload()}>
              {de.selfservice.session.reload}
            </Button>
          }
        >
          {de.selfservice.loader.timeout}
        </Alert>
      ) : (
        <CircularProgress aria-label={de.selfservice.loader.loading} />
      )}
    </Box>
  );
}
