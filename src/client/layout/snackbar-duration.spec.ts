import { describe, expect, it } from 'vitest';
import { snackbarDuration } from './snackbar-duration';

describe('snackbarDuration', () => {
  it('is 5 s, and 8 s for a text over 60 characters', () => {
    expect(snackbarDuration('Die Änderungen wurden gespeichert.')).toBe(5000);
    expect(snackbarDuration('x'.repeat(60))).toBe(5000);
    expect(snackbarDuration('x'.repeat(61))).toBe(8000);
  });
});
