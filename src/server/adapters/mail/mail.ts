/**
 * Sending e-mail. Domain code never sends directly: it enqueues a row in `mail_outbox` inside its
 * transaction (mail-outbox.ts) and the worker hands each rendered message to a {@link Mailer}.
 * `createAdapters()` picks the implementation: SMTP when `SMTP_URL` is set, else `.eml` files.
 */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** files sent along (the invoice delivered to a debtor) */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface SentMail {
  /** the Message-ID header of the sent message */
  messageId: string;
  /** where the message went when that is a place one can look at (the file of the file outbox) */
  location?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
  /** Closes pooled connections; the mailer is not used afterwards. */
  close(): Promise<void>;
}
