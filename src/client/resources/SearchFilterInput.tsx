import { TextField } from '@mui/material';
import { useEffect, useState } from 'react';

const SEARCH_DELAY_MS = 400;

/** Free-text search; typing updates the URL after a short pause, not on every key. */
export function SearchFilterInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (next: string[]) => void;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onChange(text.trim() ? [text.trim()] : []), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <TextField
      size="small"
      type="search"
      label={label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      fullWidth={false}
      sx={{ minWidth: 280 }}
    />
  );
}
