import { describe, expect, it } from 'vitest';
import { dispositionFileName } from './download-file';

describe('dispositionFileName', () => {
  it('prefers the UTF-8 name of filename* (umlauts kept) over the ASCII fallback', () => {
    expect(
      dispositionFileName(
        `attachment; filename="Allgemeine Gesch_ftsbedingungen 2025.2.pdf"; filename*=UTF-8''Allgemeine%20Gesch%C3%A4ftsbedingungen%202025.2.pdf`,
      ),
    ).toBe('Allgemeine Geschäftsbedingungen 2025.2.pdf');
  });

  it('takes the plain name when there is no filename*, and nothing without a header', () => {
    expect(dispositionFileName('attachment; filename="aktionsprotokoll-2026-11-27.csv"')).toBe(
      'aktionsprotokoll-2026-11-27.csv',
    );
    expect(dispositionFileName(`attachment; filename="x.pdf"; filename*=UTF-8''%E0%A4%A.pdf`)).toBe('x.pdf');
    expect(dispositionFileName(null)).toBeUndefined();
  });
});
