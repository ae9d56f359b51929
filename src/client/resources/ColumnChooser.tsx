import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import { Button, Divider, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useId, useState } from 'react';
import type { ColumnConfig } from '../../shared/config-types';
import { type ColumnChoice, NO_CHOICE, toggleColumn } from './column-fit';

interface Props {
  columns: ColumnConfig[];
  shown: ColumnConfig[];
  tooNarrow: ColumnConfig[];
  choice: ColumnChoice;
  onChange: (choice: ColumnChoice) => void;
}

/**
 * "Spalten": the list's columns with a tick for each shown one; a column left out for want of
 * width says so and can be switched on anyway. The first column names the row and stays.
 */
export function ColumnChooser({ columns, shown, tooNarrow, choice, onChange }: Props) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const isShown = (column: ColumnConfig) => shown.some((c) => c.value === column.value);
  const narrow = (column: ColumnConfig) => tooNarrow.some((c) => c.value === column.value);

  return (
    <>
      <Button
        size="small"
        startIcon={<ViewColumnIcon aria-hidden />}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {translate('ui.list.columns')}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { dense: true, 'aria-label': translate('ui.list.columnsTitle') } }}
      >
        {columns.map((column, index) => {
          const on = isShown(column);
          return (
            <MenuItem
              key={column.value}
              role="menuitemcheckbox"
              aria-checked={on}
              disabled={index === 0}
              onClick={() => onChange(toggleColumn(choice, column.value, !on))}
            >
              <ListItemIcon>
                {on ? (
                  <CheckBoxIcon fontSize="small" color="primary" aria-hidden />
                ) : (
                  <CheckBoxOutlineBlankIcon fontSize="small" aria-hidden />
                )}
              </ListItemIcon>
              <ListItemText
                primary={translate(column.text)}
                secondary={!on && narrow(column) ? translate('ui.list.columnsTooNarrow') : undefined}
              />
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem
          onClick={() => onChange(NO_CHOICE)}
          disabled={!choice.hidden.length && !choice.shown.length}
        >
          {translate('ui.list.columnsReset')}
        </MenuItem>
      </Menu>
    </>
  );
}
