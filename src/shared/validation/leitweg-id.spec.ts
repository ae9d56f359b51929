import { describe, expect, it } from 'vitest';
import { isLeitwegId } from './leitweg-id';

describe('isLeitwegId', () => {
  it('accepts the published examples (with and without fine address)', () => {
    expect(isLeitwegId('04011000-1234512345-06')).toBe(true);
    expect(isLeitwegId('991-33333TEST-33')).toBe(true);
    expect(isLeitwegId('04011000-12345-03')).toBe(true);
  });

  it('refuses wrong check digits, a wrong shape and characters outside the format', () => {
    expect(isLeitwegId('991-33333TEST-34')).toBe(false);
    expect(isLeitwegId('04011000-1234512345-07')).toBe(false);
    expect(isLeitwegId('1-33333-33')).toBe(false); // coarse address under 2 digits
    expect(isLeitwegId('991_33333TEST-33')).toBe(false);
    expect(isLeitwegId('991-3333 TEST-33')).toBe(false);
    expect(isLeitwegId('')).toBe(false);
  });
});
