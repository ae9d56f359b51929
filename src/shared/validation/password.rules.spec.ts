import { describe, expect, it } from 'vitest';
import { isPasswordValid, passwordChecks } from './password.rules';
import { keysOf } from './validation.test-helpers';

describe('format password (policy)', () => {
  const check = (v: string) => keysOf({ type: 'string', format: 'password' }, v);

  it.each(['Demo1234!', 'Äpfel#2024', 'Kurz 1 Satz!', 'ABCDEFG1-'])('accepts %s', (v) =>
    expect(check(v)).toEqual([]),
  );

  it.each([
    ['Demo12!', 'only 7 characters'],
    ['demo1234!', 'no uppercase letter'],
    ['DemoDemo!', 'no digit'],
    ['Demo12345', 'no special character'],
    ['Demoß1234', 'ß is a letter, not a special character'],
    ['Kurz 1 Satz', 'a blank is no special character'],
    ['', 'empty'],
  ])('rejects %s (%s)', (v) => expect(check(v)).toEqual(['validation.passwordPolicy']));

  it('lists each criterion for the checklist under the field', () => {
    expect(passwordChecks('demo')).toEqual([
      { key: 'validation.passwordMinLength', params: { min: 8 }, ok: false },
      { key: 'validation.passwordDigit', params: {}, ok: false },
      { key: 'validation.passwordSpecialCharacter', params: {}, ok: false },
      { key: 'validation.passwordUppercase', params: {}, ok: false },
    ]);
    expect(passwordChecks('Demo1234!').every((c) => c.ok)).toBe(true);
    expect(isPasswordValid('Demo1234!')).toBe(true);
  });
});

describe('keyword passwordDiffersFrom', () => {
  const schema = { type: 'string', passwordDiffersFrom: 'oldPassword' };
  it('accepts a new password', () =>
    expect(keysOf(schema, 'Neu12345!', { oldPassword: 'Alt12345!' })).toEqual([]));
  it('rejects the old password again', () =>
    expect(keysOf(schema, 'Alt12345!', { oldPassword: 'Alt12345!' })).toEqual([
      'validation.passwordEqualsOld',
    ]));
  it('passes when there is no old password to compare', () =>
    expect(keysOf(schema, 'Neu12345!')).toEqual([]));
});

describe('keyword passwordRepeat', () => {
  const schema = { type: 'string', passwordRepeat: 'password' };
  it('accepts the same text', () =>
    expect(keysOf(schema, 'Neu12345!', { password: 'Neu12345!' })).toEqual([]));
  it('rejects a different text', () =>
    expect(keysOf(schema, 'Neu12345?', { password: 'Neu12345!' })).toEqual([
      'validation.passwordRepeatMismatch',
    ]));
});
