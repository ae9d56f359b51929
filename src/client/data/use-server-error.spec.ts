import { describe, expect, it } from 'vitest';
import { asIs, snackbarDuration } from './use-server-error';

describe('snackbarDuration', () => {
  it('shows short texts 5 s and texts over 60 characters 8 s', () => {
    expect(snackbarDuration('x'.repeat(60))).toBe(5000);
    expect(snackbarDuration('x'.repeat(61))).toBe(8000);
  });
});

describe('asIs', () => {
  it('hands react-admin the text as the default of its own key, with the spec duration', () => {
    const text = 'Die Änderungen wurden gespeichert.';
    expect(asIs(text)).toEqual({ messageArgs: { _: text }, autoHideDuration: 5000 });
  });
});
