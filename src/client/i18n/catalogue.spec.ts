import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { buildCatalogues, lastSegment, mergeTrees, unflatten } from './catalogue';

describe('buildCatalogues', () => {
  const generated = {
    de: { $comment: 'generated', resources: { debtors: { name: 'Debitoren' } }, ui: { only: 'nur deutsch' } },
    en: {
      $comment: 'generated',
      resources: { debtors: { name: 'Debtors' } },
      ui: { fallback: 'English only' },
    },
  };

  it('layers react-admin, generated texts and variant wording', () => {
    const { de, en } = buildCatalogues({
      generated,
      raEnglish: englishMessages as unknown as Record<string, unknown>,
      wording: { de: { 'resources.debtors.name': 'Auftraggeber' }, en: {} },
    });
    expect((de as any).resources.debtors.name).toBe('Auftraggeber');
    expect((en as any).resources.debtors.name).toBe('Debtors');
    expect((de as any).ra.auth.logout).toBe('Abmelden');
    expect((en as any).ra.auth.logout).toBe('Logout');
  });

  it('falls back to English where German has no text and drops the header comment', () => {
    const { de } = buildCatalogues({ generated, wording: { de: {}, en: {} } });
    expect((de as any).ui.fallback).toBe('English only');
    expect((de as any).ui.only).toBe('nur deutsch');
    expect((de as any).$comment).toBeUndefined();
  });
});

describe('helpers', () => {
  it('merges deeply without touching the inputs', () => {
    const a = { x: { y: 1, z: 2 } };
    expect(mergeTrees(a, { x: { z: 3 } })).toEqual({ x: { y: 1, z: 3 } });
    expect(a).toEqual({ x: { y: 1, z: 2 } });
  });

  it('unflattens dotted keys and finds the last segment', () => {
    expect(unflatten({ 'a.b.c': 'x', 'a.d': 'y' })).toEqual({ a: { b: { c: 'x' }, d: 'y' } });
    expect(lastSegment('ui.nav.debtors')).toBe('debtors');
    expect(lastSegment('plain')).toBe('plain');
  });
});
