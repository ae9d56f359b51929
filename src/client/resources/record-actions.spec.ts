import { describe, expect, it } from 'vitest';
import { actionOffered, recordAllows } from './record-actions';

describe('recordAllows', () => {
  it("hides an action only when the record's own permission says false", () => {
    const action = { recordPermission: 'setDunningBlock' };
    expect(recordAllows(action, { permissions: { setDunningBlock: false } })).toBe(false);
    expect(recordAllows(action, { permissions: { setDunningBlock: true } })).toBe(true);
    // a list row without the server's flags (not loaded yet) does not hide the button
    expect(recordAllows(action, { id: 1 })).toBe(true);
    expect(recordAllows({}, { permissions: { setDunningBlock: false } })).toBe(true);
  });
});

describe('actionOffered', () => {
  it('offers a conditional action only for a record meeting its condition', () => {
    const enable = { when: { loginAllowed: [false] } };
    expect(actionOffered(enable, { loginAllowed: false })).toBe(true);
    expect(actionOffered(enable, { loginAllowed: true })).toBe(false);
    expect(actionOffered(enable, undefined)).toBe(false);
    expect(actionOffered({}, undefined)).toBe(true);
  });

  it('does not offer both setting and cancelling a dunning block on one voucher', () => {
    const set = { recordPermission: 'setDunningBlock' };
    const cancel = { recordPermission: 'cancelDunningBlock' };
    const halted = { permissions: { setDunningBlock: false, cancelDunningBlock: true } };
    expect([actionOffered(set, halted), actionOffered(cancel, halted)]).toEqual([false, true]);
  });
});
