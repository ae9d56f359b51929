import { describe, expect, it } from 'vitest';
import { snackbarDuration } from './use-server-error';

describe('snackbarDuration', () => {
  it('shows short texts 5 s and texts over 60 characters 8 s', () => {
    expect(snackbarDuration('x'.repeat(60))).toBe(5000);
    expect(snackbarDuration('x'.repeat(61))).toBe(8000);
  });
});
