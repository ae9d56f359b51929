import { isValidIBAN } from 'ibantools';
import { describe, expect, it } from 'vitest';
import { enums } from '../../../../generated/enums';
import { createIdAllocator } from './bulk-insert';
import { executionDate, nextExecutionAfter } from '../../domain/permanent-debts/permanent-debt.rules';
import { buildDemoRows } from './demo.seed';
import { DEMO_CREDITORS } from './demo-accounts';
import { GERMAN_PLACES } from './german-places';
import { debtorCountOf, LARGE_SIZE } from './large.seed';

const options = {
  seed: 20_251_101,
  today: '2025-11-01',
  now: '2025-11-01T10:00:00.000Z',
  passwordHash: 'hash',
};
const build = () => buildDemoRows({ ...options, ids: createIdAllocator() });
const demo = build();
const values = (name: string) => enums[name].values.map((v) => String(v.value)).sort();
const seen = (rows: readonly object[] | undefined, key: string) =>
  [
    ...new Set(
      (rows ?? [])
        .map((row) => (row as Record<string, unknown>)[key])
        .filter((v) => v != null)
        .map(String),
    ),
  ].sort();

describe('demo data', () => {
  it('is the same on every run', () => {
    expect(JSON.stringify(build().sink)).toBe(JSON.stringify(demo.sink));
  });

  it.each([
    ['voucher', 'status', 'voucherStatus'],
    ['voucher', 'subStatus', 'voucherSubStatus'],
    ['voucher', 'type', 'voucherType'],
    ['voucher', 'purchaseStatus', 'purchaseStatus'],
    ['voucher', 'purchaseStatusReason', 'purchaseStatusReason'],
    ['voucher', 'dunningType', 'dunningType'],
    ['voucher', 'source', 'voucherSource'],
    ['voucher', 'bnetStatus', 'processingCode'],
    ['voucher', 'pendingStatus', 'pendingVoucherStatus'],
    ['voucher', 'processingStatus', 'processingSubStatus'],
    ['voucherHistory', 'type', 'historyEventType'],
    ['workQueueItem', 'status', 'workQueueStatus'],
    ['workQueueItem', 'answerFollowUp', 'workQueueFollowUp'],
    ['notification', 'status', 'notificationStatus'],
    ['creditorVoucher', 'type', 'creditorVoucherType'],
    ['sepaUpdateRequest', 'status', 'sepaUpdateRequestStatus'],
    ['debtorAssignment', 'status', 'debtorAssignmentStatus'],
    ['creditor', 'status', 'creditorStatus'],
    ['creditor', 'product', 'productType'],
    ['appUser', 'status', 'userStatus'],
    ['creditorServiceFeeCondition', 'status', 'serviceFeeConditionStatus'],
    ['emailReminderSetting', 'frequency', 'reminderFrequency'],
    ['permanentDebt', 'period', 'permanentDebtPeriod'],
  ] as const)('shows every value of %s.%s (%s)', (table, column, enumName) => {
    expect(seen(demo.sink[table], column)).toEqual(values(enumName));
  });

  it('uploads nothing after the moment it runs, and orders the uploads the same at any hour', () => {
    // the list's default order (newest upload first) must not depend on the hour the seed ran:
    // seeded at 10:00 UTC, uploads "today at noon" were in the future and came first (screenshots)
    const uploadOrder = (now: string) => {
      const { sink } = buildDemoRows({ ...options, now, ids: createIdAllocator() });
      const vouchers = (sink.voucher ?? []).map((v) => ({ id: Number(v.id), at: Date.parse(String(v.uploadedAt)) }));
      expect(vouchers.filter((v) => v.at > Date.parse(now))).toEqual([]);
      return vouchers.sort((a, b) => b.at - a.at || b.id - a.id).map((v) => v.id);
    };
    expect(uploadOrder('2025-11-01T08:00:00.000Z')).toEqual(uploadOrder('2025-11-01T18:00:00.000Z'));
  });

  it('has permanent debts in every stored status (ended is shown, not stored)', () => {
    const stored = enums.permanentDebtStatus.values.map((v) => String(v.value)).filter((v) => v !== 'ended');
    expect(seen(demo.sink.permanentDebt, 'status')).toEqual(stored.sort());
  });

  it('gives every demo creditor vouchers, work queue, notifications and statements', () => {
    for (const [index] of DEMO_CREDITORS.entries()) {
      const creditorId = index + 1;
      for (const table of [
        'voucher',
        'workQueueItem',
        'notification',
        'creditorVoucher',
        'serviceFeePeriod',
      ] as const)
        expect(
          demo.sink[table]?.some((row) => row.creditorId === creditorId),
          `${table} of creditor ${creditorId}`,
        ).toBe(true);
    }
  });

  it('writes to reserved domains only (example.com, .test …): with SMTP configured no real person gets mail', () => {
    // RFC 2606 / 6761: example.com|org|net and the .example, .test, .invalid and .localhost names
    const reserved = /@([a-z0-9-]+\.)*(example\.(com|org|net)|[a-z0-9-]+\.(example|test|invalid|localhost))$/i;
    const addresses = new Set<string>();
    const collect = (value: unknown): void => {
      if (typeof value === 'string') {
        for (const match of value.matchAll(/[\w.%+-]+@[\w-]+(\.[\w-]+)+/g)) addresses.add(match[0]);
      } else if (value && typeof value === 'object') {
        for (const inner of Object.values(value)) collect(inner);
      }
    };
    collect(demo.sink);
    expect(addresses.size).toBeGreaterThan(100);
    expect([...addresses].filter((address) => !reserved.test(address))).toEqual([]);
  });

  it('uses valid IBANs and real German postcodes', () => {
    const ibans = [
      ...(demo.sink.debtor ?? []).map((d) => d.sepaIban),
      ...(demo.sink.creditor ?? []).map((c) => c.sepaIban),
      ...(demo.sink.sepaUpdateRequest ?? []).map((r) => r.iban),
    ].filter((iban): iban is string => Boolean(iban));
    expect(ibans.length).toBeGreaterThan(20);
    for (const iban of ibans) expect(isValidIBAN(iban), iban).toBe(true);
    const zips = new Set(GERMAN_PLACES.map((p) => p.zip));
    for (const location of demo.sink.location ?? []) expect(zips.has(String(location.zip))).toBe(true);
  });

  it("gives every running permanent debt its schedule's next execution date after today, and its invoices their own type", () => {
    const running = (demo.sink.permanentDebt ?? []).filter((p) => p.status === 'active' || p.status === 'created');
    expect(running.length).toBeGreaterThan(0);
    for (const p of running) {
      const start = String(p.startDate);
      const schedule = Array.from({ length: 500 }, (_, n) => executionDate(start, String(p.period), n));
      expect(schedule, `${p.customNumber} ${p.period} from ${start}`).toContain(p.nextExecutionDate);
      expect(String(p.nextExecutionDate) > options.today).toBe(true);
      expect(nextExecutionAfter(start, String(p.period), options.today)).toBe(p.nextExecutionDate);
    }
    const ofDebts = (demo.sink.voucher ?? []).filter((v) => v.permanentDebtId != null);
    expect(ofDebts.length).toBeGreaterThan(0);
    expect(seen(ofDebts, 'type')).toEqual(['permanent_debt']);
  });

  it('keeps the entry-check users and the blocked and terminated creditors', () => {
    const user = (name: string) => demo.sink.appUser?.find((u) => u.username === name);
    expect(user('optin@example.com')?.optIn).toBe(false);
    expect(user('pwchange@example.com')?.passwordUpdateRequired).toBe(true);
    expect(user('contactcheck@example.com')?.askForContactInformationChanges).toBe(true);
    const optin = user('optin@example.com')!;
    expect(demo.sink.termsApproval?.some((a) => a.userId === optin.id && a.acceptedAt === null)).toBe(true);
    const statusOf = (name: string) =>
      demo.sink.creditor?.find((c) => c.id === user(name)?.creditorId)?.status;
    expect(statusOf('blocked@example.com')).toBe('blocked');
    expect(statusOf('terminated@example.com')).toBe('terminated');
    expect(user('blocked@example.com')?.status).toBe('active');
    for (const product of values('productType')) {
      const email =
        product === 'SMAFA' ? 'creditor@example.com' : `creditor-${product.toLowerCase()}@example.com`;
      const main = user(email);
      expect(main?.roles, email).toEqual(['ROLE_CREDITOR']);
      expect(demo.sink.creditor?.find((c) => c.id === main?.creditorId)?.product, email).toBe(product);
    }
  });
});

describe('large data set', () => {
  it('spreads exactly 200,000 debtors over 10,000 creditors', () => {
    let debtors = 0;
    for (let i = 0; i < LARGE_SIZE.creditors; i++) debtors += debtorCountOf(i);
    expect(debtors).toBe(LARGE_SIZE.debtors);
    expect(debtorCountOf(0)).toBe(1_000);
  });
});
