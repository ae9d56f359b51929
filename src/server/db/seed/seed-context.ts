import type { Faker } from '@faker-js/faker';
import type { Database, NewRow } from '../schema';
import type { IdAllocator } from './bulk-insert';

/** Rows collected for insertion, per table (inserted in {@link INSERT_ORDER}). */
export type RowSink = { [T in keyof Database]?: NewRow<T>[] };

/** Parents before children, so every foreign key finds its row. */
export const INSERT_ORDER: readonly (keyof Database)[] = [
  'creditor',
  'creditorIntermediary',
  'appUser',
  'debtor',
  'location',
  'debtorHistory',
  'permanentDebt',
  'voucher',
  'voucherAttachment',
  'voucherHistory',
  'voucherBalancing',
  'logItem',
  'workQueueItem',
  'workQueueMessage',
  'workQueueVoucher',
  'notification',
  'creditorVoucher',
  'emailReminderSetting',
  'termsApproval',
  'termsApprovalDocument',
  'creditorServiceFeeCondition',
  'serviceFeePeriod',
  'sepaUpdateRequest',
  'pendingDebtorDecision',
  'debtorAssignment',
  'actionLogEntry',
];

/** Appends rows of `table` to the sink. */
export function add<T extends keyof Database>(sink: RowSink, table: T, ...rows: NewRow<T>[]): void {
  addAll(sink, table, rows);
}

/** Appends a list of rows of any length (a spread of 250,000 arguments overflows the stack). */
export function addAll<T extends keyof Database>(sink: RowSink, table: T, rows: readonly NewRow<T>[]): void {
  if (!sink[table]) sink[table] = [];
  const list = sink[table] as NewRow<T>[];
  for (const row of rows) list.push(row);
}

/** How much of everything one creditor gets; the demo is rich, the large set is wide. */
export interface SeedProfile {
  /** child, payment and special vouchers per 100 base vouchers */
  extraVoucherShare: number;
  unprocessedVouchers: number;
  workQueueItems: number;
  notificationsPerUser: number;
  creditorVouchers: number;
  /** share of processed vouchers with an attachment row / process-log rows */
  attachmentShare: number;
  logShare: number;
  /** full: received, read, processed, completed and purchase decision; short: received and completed */
  history: 'full' | 'short';
}

export const DEMO_PROFILE: SeedProfile = {
  extraVoucherShare: 25,
  unprocessedVouchers: 16,
  workQueueItems: 12,
  notificationsPerUser: 10,
  creditorVouchers: 26,
  attachmentShare: 1,
  logShare: 0.4,
  history: 'full',
};

export const LARGE_PROFILE: SeedProfile = {
  extraVoucherShare: 8,
  unprocessedVouchers: 2,
  workQueueItems: 2,
  notificationsPerUser: 3,
  creditorVouchers: 6,
  attachmentShare: 0.1,
  logShare: 0.03,
  history: 'short',
};

/** What the factories of one creditor share. */
export interface CreditorContext {
  /** the creditor's own faker (seeded per creditor), never the one the base debtor graphs use */
  f: Faker;
  creditorId: number;
  identifier: string;
  prefix: string;
  product: string;
  today: string;
  /** the seeding moment (ISO), for timestamps that must be "just now" (pause timers) */
  now: string;
  ids: IdAllocator;
  profile: SeedProfile;
  /** e-mail addresses of the creditor's users (uploaders, notification recipients) */
  userEmails: string[];
  userIds: number[];
  mainUserId: number;
  /** keep the base vouchers' status, type, amounts and purchase status (data the API tests know) */
  preserveBase: boolean;
  /** fee rates of the creditor's current service-fee condition, percent */
  fees: { purchased: number; notPurchased: number; minimum: number };
  /** running number for official numbers of vouchers the extras add */
  numbers: { next: number };
  sink: RowSink;
}
