import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, Button, IconButton, InputAdornment, Popover, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { parseGermanDate } from '../../shared/validation/german-input.parse';
import { toGermanDate } from './input-format';

const WEEKDAYS = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'];
const MONTH = new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const pad = (n: number) => String(n).padStart(2, '0');
const iso = (year: number, month: number, day: number) => `${year}-${pad(month + 1)}-${pad(day)}`;

/**
 * The days of a month laid out in weeks that start on Monday (German calendar), `null` for the
 * blank cells before the first day.
 *
 * @example monthGrid(2025, 1)[0] // [null, null, null, null, null, 1, 2] (1 February 2025 is a Saturday)
 */
export function monthGrid(year: number, month: number): (number | null)[][] {
  const first = new Date(Date.UTC(year, month, 1)).getUTCDay(); // 0 = Sunday
  const blanks = (first + 6) % 7;
  const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const cells: (number | null)[] = [
    ...Array(blanks).fill(null),
    ...Array.from({ length: days }, (_, i) => i + 1),
  ];
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

/**
 * One German calendar date input: typed as TT.MM.JJJJ (two-digit years become 20JJ, `1.2.25` →
 * 01.02.2025), kept as `yyyy-MM-dd`; the button opens a calendar whose weeks start on Monday.
 * Text that is no date keeps the value empty and says so once the field is left.
 */
export function GermanDateField({
  label,
  value,
  onChange,
  size = 'small',
}: {
  label: string;
  /** `yyyy-MM-dd` or '' */
  value: string;
  onChange: (next: string) => void;
  size?: 'small' | 'medium';
}) {
  const translate = useTranslate();
  const [text, setText] = useState(() => toGermanDate(value));
  const [invalid, setInvalid] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const today = new Date();
  const shown = value ? new Date(`${value}T00:00:00Z`) : today;
  const [view, setView] = useState({ year: shown.getUTCFullYear(), month: shown.getUTCMonth() });

  useEffect(() => {
    setText((current) => (parseGermanDate(current) === value ? current : toGermanDate(value)));
  }, [value]);

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    setText(next);
    const parsed = parseGermanDate(next);
    if (next.trim() === '' || parsed) {
      setInvalid(false);
      if (parsed !== value) onChange(parsed);
    }
  };
  const blur = () => {
    const parsed = parseGermanDate(text);
    setInvalid(text.trim() !== '' && !parsed);
    if (parsed) setText(toGermanDate(parsed));
  };
  const pick = (day: number) => {
    const chosen = iso(view.year, view.month, day);
    setText(toGermanDate(chosen));
    setInvalid(false);
    setOpen(false);
    onChange(chosen);
  };
  const openCalendar = () => {
    const base = value ? new Date(`${value}T00:00:00Z`) : today;
    setView({ year: base.getUTCFullYear(), month: base.getUTCMonth() });
    setOpen(true);
  };
  const step = (delta: number) =>
    setView(({ year, month }) => {
      const next = new Date(Date.UTC(year, month + delta, 1));
      return { year: next.getUTCFullYear(), month: next.getUTCMonth() };
    });

  return (
    <>
      <TextField
        ref={anchor}
        size={size}
        label={label}
        value={text}
        onChange={change}
        onBlur={blur}
        error={invalid}
        helperText={invalid ? translate('validation.dateInvalid') : undefined}
        placeholder={translate('validation.dateFormatHint')}
        fullWidth={false}
        sx={{ width: 190 }}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { inputMode: 'numeric', autoComplete: 'off' },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  edge="end"
                  size="small"
                  onClick={openCalendar}
                  aria-label={`${label}: ${translate('ui.date.openCalendar')}`}
                >
                  <CalendarMonthIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <Popover
        open={open}
        anchorEl={anchor.current}
        onClose={() => setOpen(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Box
          sx={{ p: 1.5 }}
          role="dialog"
          aria-label={`${label}: ${translate('ui.date.calendar')}`}
          data-testid="german-calendar"
        >
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
            <IconButton size="small" onClick={() => step(-1)} aria-label={translate('ui.date.previousMonth')}>
              <ChevronLeftIcon />
            </IconButton>
            <Typography variant="subtitle2" aria-live="polite">
              {MONTH.format(new Date(Date.UTC(view.year, view.month, 1)))}
            </Typography>
            <IconButton size="small" onClick={() => step(1)} aria-label={translate('ui.date.nextMonth')}>
              <ChevronRightIcon />
            </IconButton>
          </Box>
          <Box component="table" sx={{ borderCollapse: 'collapse' }}>
            <thead>
              <tr>
                {WEEKDAYS.map((day) => (
                  <Box component="th" key={day} scope="col" sx={{ fontWeight: 600, fontSize: 12, p: 0.5 }}>
                    {day}
                  </Box>
                ))}
              </tr>
            </thead>
            <tbody>
              {monthGrid(view.year, view.month).map((week) => (
                <tr key={week.join('-')}>
                  {week.map((day, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a week's cells are fixed positions
                    <td key={index} style={{ padding: 0 }}>
                      {day ? (
                        <Button
                          size="small"
                          variant={iso(view.year, view.month, day) === value ? 'contained' : 'text'}
                          onClick={() => pick(day)}
                          aria-label={toGermanDate(iso(view.year, view.month, day))}
                          sx={{ minWidth: 36, p: 0.5 }}
                        >
                          {day}
                        </Button>
                      ) : null}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Box>
        </Box>
      </Popover>
    </>
  );
}
