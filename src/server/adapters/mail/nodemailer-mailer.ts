import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { AdapterLogger } from '../adapter-logger';
import type { Mailer } from './mail';

export const DEFAULT_MAIL_FROM = 'Kontor <no-reply@kontor.example>';

export interface MailerOptions {
  /** `smtp://user:pass@host:587`, `smtps://…`; without it messages are written to `outboxDir` */
  smtpUrl?: string;
  /** the file outbox (usually `<DATA_DIR>/outbox`) */
  outboxDir: string;
  /** the sender, e.g. `Kontor <no-reply@kontor.example>` */
  from?: string;
  log?: AdapterLogger;
}

// A worker run must not hang for nodemailer's default two minutes on an unreachable server; the
// query of SMTP_URL (e.g. `?connectionTimeout=60000`) still overrides these.
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

let sequence = 0;

/**
 * File names that sort by the time they were written: ISO time, a per-process sequence for the
 * same millisecond, a random tail so several processes never collide.
 *
 * @example outboxFileName(new Date('2026-05-04T10:20:30.456Z')) // '2026-05-04T10-20-30-456Z-0001-9f3a2c.eml'
 */
export function outboxFileName(at: Date): string {
  sequence = (sequence % 9999) + 1;
  const time = at.toISOString().replace(/[:.]/g, '-');
  return `${time}-${String(sequence).padStart(4, '0')}-${randomBytes(3).toString('hex')}.eml`;
}

/**
 * The mailer: real SMTP through nodemailer when `smtpUrl` is given, otherwise a file outbox that
 * writes each message as an RFC 822 `.eml` file (open it in any mail program) and logs where.
 *
 * @example
 * const mailer = createMailer({ outboxDir: './data/outbox', from: DEFAULT_MAIL_FROM });
 * await mailer.send({ to: 'a@example.com', subject: 'Hallo', text: 'Hallo', html: '<p>Hallo</p>' });
 * // → { messageId: '<…@kontor.example>', location: './data/outbox/2026-…-0001-….eml' }
 */
export function createMailer(options: MailerOptions): Mailer {
  const from = options.from || DEFAULT_MAIL_FROM;
  const log = options.log ?? console;
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport({ ...SMTP_TIMEOUTS, url: options.smtpUrl }, { from });
    return {
      async send(message) {
        const info = await transport.sendMail(message);
        return { messageId: info.messageId };
      },
      async close() {
        transport.close();
      },
    };
  }

  // windows newlines: RFC 822 wants CRLF, and mail programs open such files as they are
  const transport = nodemailer.createTransport(
    { streamTransport: true, buffer: true, newline: 'windows' },
    { from },
  );
  let announced = false;
  return {
    async send(message) {
      const info = await transport.sendMail(message);
      await mkdir(options.outboxDir, { recursive: true });
      if (!announced) {
        announced = true;
        log.info(`No SMTP_URL: mails are written as .eml files to ${path.resolve(options.outboxDir)}`);
      }
      const file = path.join(options.outboxDir, outboxFileName(new Date()));
      await writeFile(file, info.message as Buffer);
      log.info(`Mail "${message.subject}" to ${message.to} written to ${file}`);
      return { messageId: info.messageId, location: file };
    },
    async close() {},
  };
}
