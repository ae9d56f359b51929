import de from '../../../../generated/i18n/de.json' with { type: 'json' };
import { defaultVariantCode, variants } from '../../../../generated/variants';
import type { VariantConfig } from '../../../shared/config-types';
import { formatMoney } from '../../../shared/format';
import { type PublicUrls, publicUrls } from './public-url';

/*
 * E-mails are German texts of the `mail` namespace (schema/texts/mail.yaml) around a common layout
 * with the product's name, logo and contact data (variants/*.yaml). A new mail is its texts in the
 * YAML plus one entry in MAIL_TEMPLATES.
 */

export type MailParams = Record<string, unknown>;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface MailTemplate {
  /** parameters the caller must give (checked when the mail is enqueued and when it is rendered) */
  required: readonly string[];
  /** key (below `mail.`) of the subject */
  subject(params: MailParams): string;
  /** keys (below `mail.`) of the body paragraphs, in order */
  body(params: MailParams): string[];
  /** placeholder values the template derives from its parameters, e.g. formatted amounts */
  values?(params: MailParams): Record<string, string>;
}

/** Text key of a booking decision status (booking_request.status). */
export const DECISION_TEXT_KEY: Record<string, string> = {
  approved: 'approved',
  partly_approved: 'partlyApproved',
  rejected: 'rejected',
};
const decisionKey = (status: unknown): string => {
  const key = DECISION_TEXT_KEY[String(status)];
  if (!key) throw new Error(`unknown limit decision status '${String(status)}'`);
  return key;
};

/** The mail templates by name (the `template` column of mail_outbox). */
export const MAIL_TEMPLATES: Record<string, MailTemplate> = {
  /** to the creditor's main users when an admin blocks the creditor (document 1 §4) */
  creditorBlocked: {
    required: ['creditorName'],
    subject: () => 'creditorBlocked.subject',
    body: (p) => ['creditorBlocked.body', ...(p.reason ? ['creditorBlocked.reason'] : [])],
  },
  /** the booking system's decision on a limit increase; amounts in cents */
  limitIncreaseDecided: {
    required: ['debtorName', 'status', 'desiredLimit', 'approvedLimit'],
    subject: (p) => `limitIncreaseDecided.subject.${decisionKey(p.status)}`,
    body: (p) => ['limitIncreaseDecided.intro', `limitIncreaseDecided.summary.${decisionKey(p.status)}`],
    values: (p) => ({
      desiredLimit: formatMoney(Number(p.desiredLimit)),
      approvedLimit: formatMoney(Number(p.approvedLimit)),
    }),
  },
  /**
   * to a new company user: who registered them and the one-time link to set a password (its path
   * under the portal's address, which the sending worker knows: %{portalUrl})
   */
  companyUserInvitation: {
    required: ['name', 'creditorName', 'roleLabel', 'setPasswordPath', 'validDays'],
    subject: () => 'companyUserInvitation.subject',
    body: () => ['companyUserInvitation.body'],
  },
  /**
   * to an address that already has an access elsewhere, when a creditor registers it as a company
   * user (issue 26: the registration answers as for a new address, so nobody can probe addresses)
   */
  companyUserAddressInUse: {
    required: ['creditorName'],
    subject: () => 'companyUserAddressInUse.subject',
    body: () => ['companyUserAddressInUse.body'],
  },
  /** to a new administrator or product administrator: the one-time link to set a password (schema/commands/adminUsers.yaml) */
  adminInvitation: {
    required: ['name', 'roleLabel', 'setPasswordPath', 'validDays'],
    subject: () => 'adminInvitation.subject',
    body: () => ['adminInvitation.body'],
  },
  /** the forgotten-password link (/login/{userId}/reset-password/{requestId}; schema/commands/account.yaml) */
  passwordReset: {
    required: ['name', 'resetPath', 'validMinutes'],
    subject: () => 'passwordReset.subject',
    body: () => ['passwordReset.body'],
  },
  /** the e-mail reminder of an address at its frequency (settings tab e-mail notifications) */
  reminderDigest: {
    required: ['openDecisions', 'newNotifications'],
    subject: () => 'reminderDigest.subject',
    body: (p) => [
      'reminderDigest.intro',
      ...(Number(p.openDecisions) > 0 ? ['reminderDigest.openDecisions'] : []),
      ...(Number(p.newNotifications) > 0 ? ['reminderDigest.newNotifications'] : []),
      'reminderDigest.outro',
    ],
  },
  /** to a newly registered creditor's main user: the one-time link to set the password (registration) */
  creditorRegistration: {
    required: ['name', 'creditorName', 'setPasswordPath', 'validDays'],
    subject: () => 'creditorRegistration.subject',
    body: () => ['creditorRegistration.body'],
  },
  /** to the product's service address: a product request or application from the onboarding */
  onboardingReceived: {
    required: ['kindLabel', 'companyName', 'contactName', 'email', 'phone', 'details'],
    subject: () => 'onboardingReceived.subject',
    body: () => ['onboardingReceived.body'],
  },
  /** any plain message: a title and a text */
  notice: {
    required: ['title', 'text'],
    subject: () => 'notice.subject',
    body: () => ['notice.body'],
  },
};

/**
 * Throws unless `template` exists and `params` holds its required parameters; enqueueing calls it
 * so a wrong mail fails the command instead of the worker days later.
 *
 * @example checkMailParams('notice', { title: 'Hinweis' }) // throws: parameter 'text' missing
 */
export function checkMailParams(template: string, params: MailParams): void {
  const definition = MAIL_TEMPLATES[template];
  if (!definition) throw new Error(`unknown mail template '${template}'`);
  // Absent is the caller's mistake. A blank text is data (a name stored blank before names had
  // to hold more than blanks): it is sent, showing `layout.notGiven` (issue 25: blocking a
  // creditor whose name was blank answered 500).
  for (const name of definition.required) {
    if (params[name] === undefined || params[name] === null) throw new Error(`mail template '${template}': parameter '${name}' missing`);
  }
}

/** The parameters with every blank text replaced by the catalogue's "not given". */
const withBlanksNamed = (params: MailParams, notGiven: string): MailParams =>
  Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' && v.trim() === '' ? notGiven : v]));

const variantOf = (productCode: string | null | undefined): VariantConfig =>
  variants[productCode ?? ''] ?? variants[defaultVariantCode];

/** The product's values every mail text may use. */
const productValues = (variant: VariantConfig): Record<string, string> => ({
  productName: variant.productName,
  portalName: variant.portalName,
  hotline: variant.contact.hotline,
  mail: variant.contact.mail,
  serviceTimes: variant.contact.serviceTimes,
});

function catalogueText(key: string, variant: VariantConfig): string {
  const override = variant.wording.de[`mail.${key}`];
  if (override) return override;
  let node: unknown = de.mail;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`schema/texts/mail.yaml has no text '${key}'`);
  return node;
}

const interpolate = (text: string, values: Record<string, string>, key: string): string =>
  text.replace(/%\{(\w+)\}/g, (_, name: string) => {
    if (values[name] === undefined) throw new Error(`mail text '${key}': no value for %{${name}}`);
    return values[name];
  });

const asStrings = (params: MailParams): Record<string, string> =>
  Object.fromEntries(
    Object.entries(params)
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
  );

/**
 * One text of the `mail` namespace with its placeholders filled (product values included); also the
 * wording of notifications and history rows that say the same as a mail.
 *
 * @example renderMailText('limitIncreaseDecided.subject.approved', { debtorName: 'Muster GmbH' }, 'SMAFA')
 * // → 'Limiterhöhung für Muster GmbH genehmigt'
 */
export function renderMailText(key: string, params: MailParams, productCode?: string | null): string {
  const variant = variantOf(productCode);
  return interpolate(catalogueText(key, variant), { ...asStrings(params), ...productValues(variant) }, key);
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** @example escapeHtml('<b>"A & B"</b>') // '&lt;b&gt;&quot;A &amp; B&quot;&lt;/b&gt;' */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

const htmlParagraph = (text: string, style = ''): string =>
  `<p style="margin:0 0 16px;${style}">${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;

const DEFAULT_PUBLIC_URLS = publicUrls({}, 3000);

/**
 * Renders a mail of the lookup table for a product: German subject, plain text and HTML (every
 * value escaped), with the product's name, logo and contact data.
 *
 * @example
 * renderMail('notice', { title: 'Wartung', text: 'Am Sonntag ist das Portal nicht erreichbar.' }, 'APL');
 * // → { subject: 'APL Abrechnung: Wartung', text: 'Guten Tag,\n\nAm Sonntag …', html: '<!DOCTYPE html>…' }
 */
export function renderMail(
  template: string,
  given: MailParams,
  productCode: string,
  options: { baseUrl?: string | PublicUrls } = {},
): RenderedMail {
  checkMailParams(template, given);
  const definition = MAIL_TEMPLATES[template];
  const variant = variantOf(productCode);
  const params = withBlanksNamed(given, catalogueText('layout.notGiven', variant));
  // the product's public address (PUBLIC_URL…, see public-url.ts); default what `npm start` serves
  const base = options.baseUrl ?? DEFAULT_PUBLIC_URLS;
  const portalUrl = typeof base === 'string' ? base : base(variant.code);
  const values = { ...asStrings(params), ...definition.values?.(params), ...productValues(variant), portalUrl };
  const text = (key: string) => interpolate(catalogueText(key, variant), values, key);

  // a header holds one line whatever a parameter contains
  const subject = text(definition.subject(params)).replace(/\s*[\r\n]+\s*/g, ' ');
  const paragraphs = definition.body(params).flatMap((key) => text(key).split(/\n{2,}/));
  const greeting = text('layout.greeting');
  const closing = text('layout.closing');
  const footer = [text('layout.contact'), text('layout.automatic')];

  const plain = [greeting, ...paragraphs, closing, `--\n${footer.join('\n')}`].join('\n\n');
  const logoUrl = `${portalUrl}${variant.logo}`;
  const html = [
    '<!DOCTYPE html>',
    '<html lang="de"><head><meta charset="utf-8">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f5f5f5;font-family:Arial,Helvetica,sans-serif;color:#222;font-size:15px;line-height:1.5">',
    `<div style="max-width:600px;margin:0 auto;background:#fff;padding:24px;border-top:4px solid ${escapeHtml(variant.theme.primary)}">`,
    `<p style="margin:0 0 24px"><img src="${escapeHtml(logoUrl)}" alt="${escapeHtml(variant.productName)}" height="40"></p>`,
    htmlParagraph(greeting),
    ...paragraphs.map((p) => htmlParagraph(p)),
    htmlParagraph(closing),
    `<hr style="border:none;border-top:1px solid #ddd;margin:24px 0 16px">`,
    ...footer.map((line) => htmlParagraph(line, 'font-size:12px;color:#666')),
    '</div></body></html>',
  ].join('\n');
  return { subject, text: plain, html };
}
