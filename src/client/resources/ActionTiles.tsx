import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useId, useState } from 'react';
import type { ActionConfig } from '../../shared/config-types';
import { iconFor } from '../widgets/icon-registry';
import { TILES_PER_ROW, tilePage } from './action-tiles';

const grid = {
  display: 'grid',
  gap: 1,
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: `repeat(${TILES_PER_ROW}, minmax(0, 1fr))` },
} as const;

function ActionTile({ action, onOpen }: { action: ActionConfig; onOpen(key: string): void }) {
  const translate = useTranslate();
  const Icon = iconFor(action.icon);
  return (
    <Button
      variant="outlined"
      onClick={() => onOpen(action.key)}
      data-testid="action-tile"
      sx={{
        flexDirection: 'column',
        gap: 0.5,
        minHeight: 84,
        py: 1.5,
        // four tiles share a side panel's ~400 px: the label gets the tile's width, not the button's padding
        px: 0.5,
        textTransform: 'none',
        lineHeight: 1.25,
        textAlign: 'center',
      }}
    >
      <Icon aria-hidden fontSize="medium" />
      {/* a long German word ("Dauerschuldverhältnis") is broken inside the tile, not drawn over its neighbour */}
      <Typography component="span" variant="body2" sx={{ fontWeight: 500, maxWidth: '100%', hyphens: 'auto', overflowWrap: 'break-word' }}>
        {translate(action.label)}
      </Typography>
    </Button>
  );
}

/**
 * The actions of a detail as tiles with their YAML icon: one row of four (document 1 §9), the rest
 * behind "Mehr anzeigen" (a toggle with `aria-expanded` that controls the further tiles).
 * `initiallyExpanded`: an action opened through the URL lies behind the toggle.
 */
export function ActionTiles({
  actions,
  onOpen,
  initiallyExpanded = false,
}: {
  actions: ActionConfig[];
  onOpen(key: string): void;
  initiallyExpanded?: boolean;
}) {
  const translate = useTranslate();
  const [expandedState, setExpanded] = useState(initiallyExpanded);
  const moreId = useId();
  const { shown, more, expanded } = tilePage(actions, expandedState);
  if (actions.length === 0) return null;

  return (
    <Box role="group" aria-label={translate('ui.actions.group')} sx={{ my: 2 }} data-testid="action-tiles">
      <Box sx={grid}>
        {shown.map((action) => (
          <ActionTile key={action.key} action={action} onOpen={onOpen} />
        ))}
      </Box>
      {more.length > 0 ? (
        <>
          <Box id={moreId} hidden={!expanded} sx={{ ...grid, mt: 1, '&[hidden]': { display: 'none' } }}>
            {expanded
              ? more.map((action) => <ActionTile key={action.key} action={action} onOpen={onOpen} />)
              : null}
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'center', mt: 1 }}>
            <Button
              size="small"
              aria-expanded={expanded}
              aria-controls={moreId}
              onClick={() => setExpanded(!expanded)}
              endIcon={expanded ? <ExpandLessIcon aria-hidden /> : <ExpandMoreIcon aria-hidden />}
            >
              {translate(expanded ? 'ui.actions.showLess' : 'ui.actions.showMore')}
            </Button>
          </Box>
        </>
      ) : null}
    </Box>
  );
}
