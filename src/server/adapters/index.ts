import path from 'node:path';
import type { AdapterLogger } from './adapter-logger';
import type { BookingSystem } from './booking-system/booking-system';
import {
  createLocalBookingSystem,
  DEFAULT_DECISION_DELAY_SECONDS,
} from './booking-system/local-booking-system';
import type { CreditAgency } from './credit-agency/credit-agency';
import { createLocalCreditAgency } from './credit-agency/local-credit-agency';
import type { Mailer } from './mail/mail';
import { createMailer, DEFAULT_MAIL_FROM } from './mail/nodemailer-mailer';

export type { AdapterLogger } from './adapter-logger';
export type { BookingSystem, LimitIncreaseRequest } from './booking-system/booking-system';
export type * from './credit-agency/credit-agency';
export type { MailMessage, Mailer, SentMail } from './mail/mail';

/** The provider's back office as the domain sees it: interfaces only. */
export interface Adapters {
  creditAgency: CreditAgency;
  bookingSystem: BookingSystem;
  mailer: Mailer;
}

export interface AdapterOptions {
  /** DATA_DIR: the file outbox lives in `<dataDir>/outbox` unless MAIL_OUTBOX_DIR says otherwise */
  dataDir: string;
  log?: AdapterLogger;
}

type Factory<T> = (env: NodeJS.ProcessEnv, options: AdapterOptions) => T;

// One entry per implementation; a real credit agency or booking system is a further entry.
const CREDIT_AGENCIES: Record<string, Factory<CreditAgency>> = {
  local: () => createLocalCreditAgency(),
};
const BOOKING_SYSTEMS: Record<string, Factory<BookingSystem>> = {
  local: (env, options) =>
    createLocalBookingSystem({
      delaySeconds: readDelaySeconds(env.BOOKING_DECISION_DELAY_SECONDS),
      log: options.log,
    }),
};

function readDelaySeconds(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_DECISION_DELAY_SECONDS;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 0)
    throw new Error(`BOOKING_DECISION_DELAY_SECONDS must be a whole number of seconds ≥ 0, not '${value}'`);
  return seconds;
}

function choose<T>(
  table: Record<string, Factory<T>>,
  variable: string,
  env: NodeJS.ProcessEnv,
  options: AdapterOptions,
): T {
  const name = env[variable] || 'local';
  const factory = table[name];
  if (!factory) throw new Error(`${variable}=${name} is not known (known: ${Object.keys(table).join(', ')})`);
  return factory(env, options);
}

/** Where the file outbox writes mail (`MAIL_OUTBOX_DIR`, default `<dataDir>/outbox`); unused with `SMTP_URL`. */
export function outboxDirOf(env: NodeJS.ProcessEnv, dataDir: string): string {
  return path.resolve(env.MAIL_OUTBOX_DIR || path.join(dataDir, 'outbox'));
}

/**
 * The adapters the configuration asks for: CREDIT_AGENCY and BOOKING_SYSTEM (`local`, the default
 * and so far the only value; BOOKING_DECISION_DELAY_SECONDS, default 259200 = 3 days), the mailer by
 * SMTP_URL (unset: `.eml` files in MAIL_OUTBOX_DIR, default `<dataDir>/outbox`) and MAIL_FROM.
 * A wrong value throws at start-up rather than at the first request.
 *
 * @example
 * const adapters = createAdapters(process.env, { dataDir: config.dataDir, log: app.log });
 * await adapters.creditAgency.identCheck({ debtorType: 'business', name: 'Muster GmbH', street: 'Hauptstr.', house: '1', zip: '20095', city: 'Hamburg' });
 */
export function createAdapters(env: NodeJS.ProcessEnv, options: AdapterOptions): Adapters {
  return {
    creditAgency: choose(CREDIT_AGENCIES, 'CREDIT_AGENCY', env, options),
    bookingSystem: choose(BOOKING_SYSTEMS, 'BOOKING_SYSTEM', env, options),
    mailer: createMailer({
      smtpUrl: env.SMTP_URL || undefined,
      outboxDir: outboxDirOf(env, options.dataDir),
      from: env.MAIL_FROM || DEFAULT_MAIL_FROM,
      log: options.log,
    }),
  };
}
