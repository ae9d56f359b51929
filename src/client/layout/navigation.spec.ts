import { describe, expect, it } from 'vitest';
import { resources } from '../../../generated/resources';
import {
  HELP_CENTER_KEY,
  navEntry,
  PLACEHOLDER_PAGES,
  SIDEBAR_KEYS,
  UPLOAD_KEY,
  USER_MENU_KEYS,
} from './navigation';

describe('navigation', () => {
  it('finds every chrome entry in the generated navigation permissions', () => {
    for (const key of [...SIDEBAR_KEYS, ...USER_MENU_KEYS, UPLOAD_KEY, HELP_CENTER_KEY]) {
      expect(() => navEntry(key), key).not.toThrow();
    }
  });

  it('takes the path of a generated resource and derives the others from the key', () => {
    expect(navEntry('debtors')).toMatchObject({ to: '/debtors', icon: resources.debtors.menu?.icon });
    expect(navEntry('dashboard').to).toBe('/');
    expect(navEntry('permanentDebts').to).toBe('/permanent-debts');
    expect(navEntry('masterData')).toMatchObject({ to: '/master-data', permission: 'navigation.masterData' });
  });

  it('offers placeholder pages only where no resource serves the path', () => {
    const paths = PLACEHOLDER_PAGES.map((page) => page.path);
    expect(paths).toContain('/help-center');
    for (const config of Object.values(resources)) {
      expect(paths, config.name).not.toContain(`/${config.route.split('/')[1]}`);
    }
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('the upload entry of a blocked or terminated creditor (issue 28)', () => {
  it('is switched off in the states the upload command refuses, with the reason', async () => {
    const { commands } = await import('../../../generated/commands');
    const { creditorLockReason } = await import('../auth/use-creditor-lock');
    const { UPLOAD_CREDITOR_STATES } = await import('./navigation');
    expect(UPLOAD_CREDITOR_STATES).toEqual(commands.uploadVoucher.creditorStatus);
    expect(creditorLockReason('active', UPLOAD_CREDITOR_STATES)).toBeUndefined();
    expect(creditorLockReason('blocked', UPLOAD_CREDITOR_STATES)).toBe('messages.creditorStatus.lockedReason.blocked');
    expect(creditorLockReason('terminated', commands.createDebtor.creditorStatus)).toBe(
      'messages.creditorStatus.lockedReason.terminated',
    );
    expect(creditorLockReason(null, UPLOAD_CREDITOR_STATES)).toBeUndefined();
  });
});
