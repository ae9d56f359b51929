import { Box, Typography } from '@mui/material';
import type { PayloadEntry } from './action-payload';

/**
 * Payload lines as a description list: label (dt) and value (dd) in two aligned columns; a nested
 * object follows its label as an indented list of its own.
 */
export function PayloadEntryList({ entries }: { entries: PayloadEntry[] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'max-content minmax(0, 1fr)',
        columnGap: 2,
        rowGap: 0.5,
      }}
    >
      {entries.map((entry) => (
        // the pair's wrapper takes no box of its own, so every label and value share the two columns
        <Box key={entry.key} sx={{ display: 'contents' }}>
          <Typography
            component="dt"
            variant="body2"
            color="text.secondary"
            sx={entry.children ? { gridColumn: '1 / -1' } : undefined}
          >
            {entry.label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, overflowWrap: 'anywhere', ...(entry.children ? { gridColumn: '1 / -1' } : {}) }}
          >
            {entry.children ? (
              <Box sx={{ pl: 2, ml: 0.5, borderLeft: 2, borderColor: 'divider' }}>
                <PayloadEntryList entries={entry.children} />
              </Box>
            ) : (
              entry.value
            )}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
