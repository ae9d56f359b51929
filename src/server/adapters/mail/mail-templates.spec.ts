import { describe, expect, it } from 'vitest';
import de from '../../../../generated/i18n/de.json' with { type: 'json' };
import { variants } from '../../../../generated/variants';
import { checkMailParams, escapeHtml, MAIL_TEMPLATES, renderMail, renderMailText } from './mail-templates';

const samples: Record<string, Record<string, unknown>> = {
  creditorBlocked: { creditorName: 'Muster GmbH', reason: 'Offene Forderungen' },
  limitIncreaseDecided: {
    debtorName: 'Beispiel AG',
    status: 'partly_approved',
    desiredLimit: 9_000_000,
    approvedLimit: 8_000_000,
  },
  notice: { title: 'Wartung', text: 'Am Sonntag ist das Portal nicht erreichbar.' },
  reminderDigest: { openDecisions: 3, newNotifications: 2 },
  adminInvitation: { name: 'Nina Neu', roleLabel: 'Produkt-Administrator', setPasswordPath: '/set-password/xyz', validDays: 7 },
  companyUserInvitation: {
    name: 'Paula Prüfer',
    creditorName: 'Müller Haustechnik GmbH',
    roleLabel: 'Beobachter',
    setPasswordPath: '/set-password/abc',
    validDays: 7,
  },
  passwordReset: { name: 'creditor@example.com', resetPath: '/login/3/reset-password/abc', validMinutes: 60 },
  companyUserAddressInUse: { creditorName: 'Müller Haustechnik GmbH' },
  creditorRegistration: {
    name: 'Petra Neu',
    creditorName: 'Neu Logistik GmbH',
    setPasswordPath: '/set-password/xyz',
    validDays: 7,
  },
  onboardingReceived: {
    kindLabel: 'Produktantrag',
    companyName: 'Neu Logistik GmbH',
    contactName: 'Petra Neu',
    email: 'petra.neu@example.com',
    phone: '+49 40 123456',
    details: 'Factoring für 120 Rechnungen im Monat',
  },
};

describe('mail templates', () => {
  it('renders every template of the lookup table for every product, with its texts in the YAML', () => {
    expect(Object.keys(MAIL_TEMPLATES).sort()).toEqual(Object.keys(samples).sort());
    for (const [template, params] of Object.entries(samples)) {
      expect(Object.keys(de.mail)).toContain(template);
      for (const code of Object.keys(variants)) {
        const mail = renderMail(template, params, code);
        expect(mail.subject).not.toMatch(/%\{/);
        expect(mail.text).not.toMatch(/%\{/);
        expect(mail.text).toContain(variants[code].productName);
        expect(mail.text).toContain(variants[code].contact.hotline);
      }
    }
  });

  it('writes the decision in German with German amounts', () => {
    const mail = renderMail('limitIncreaseDecided', samples.limitIncreaseDecided, 'SMAFA');
    expect(mail.subject).toBe('Limiterhöhung für Beispiel AG teilweise genehmigt');
    expect(mail.text).toContain(
      'Angefragt: 90.000,00 €. Teilweise genehmigt – das neue Limit beträgt 80.000,00 €.',
    );
    expect(mail.text.startsWith('Guten Tag,\n\nwir haben über Ihre Anfrage')).toBe(true);
    expect(
      renderMail('limitIncreaseDecided', { ...samples.limitIncreaseDecided, status: 'rejected' }, 'SMAFA')
        .subject,
    ).toBe('Limiterhöhung für Beispiel AG abgelehnt');
  });

  it('shows the product’s name, logo and contact data', () => {
    const apl = variants.APL;
    const mail = renderMail('notice', samples.notice, 'APL');
    expect(mail.subject).toBe(`${apl.productName}: Wartung`);
    expect(mail.text).toContain(`Ihr Team von ${apl.productName}`);
    expect(mail.text).toContain(apl.contact.mail);
    expect(mail.text).toContain(apl.contact.serviceTimes);
    expect(mail.html).toContain(`<img src="http://${apl.hosts[0]}:3000${apl.logo}" alt="${apl.productName}"`);
    expect(renderMail('notice', samples.notice, 'APL', { baseUrl: 'https://portal.example' }).html).toContain(
      `src="https://portal.example${apl.logo}"`,
    );
  });

  it('escapes every value in the HTML and keeps the subject on one line', () => {
    const hostile = {
      title: 'A & B\r\nBcc: x@evil.example',
      text: '<script>alert("x")</script>\n\nzweiter Absatz',
    };
    const mail = renderMail('notice', hostile, 'SMAFA');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail.html).toContain('A &amp; B');
    expect(mail.html).toMatch(/<p[^>]*>zweiter Absatz<\/p>/);
    expect(mail.text).toContain('<script>alert("x")</script>\n\nzweiter Absatz');
    expect(escapeHtml(`'"<>&`)).toBe('&#39;&quot;&lt;&gt;&amp;');
  });

  it('does not interpolate placeholders that come inside a value', () => {
    expect(renderMail('notice', { title: '%{hotline}', text: 'x' }, 'SMAFA').subject).toBe(
      `${variants.SMAFA.productName}: %{hotline}`,
    );
  });

  it('adds optional paragraphs only when their parameter is given', () => {
    expect(renderMail('creditorBlocked', samples.creditorBlocked, 'SMAFA').text).toContain(
      'Grund der Sperre: Offene Forderungen',
    );
    expect(renderMail('creditorBlocked', { creditorName: 'Muster GmbH' }, 'SMAFA').text).not.toContain(
      'Grund',
    );
  });

  it('refuses unknown templates and missing parameters; falls back to the default product', () => {
    expect(() => checkMailParams('debtorCreated', {})).toThrow(/unknown mail template 'debtorCreated'/);
    expect(() => checkMailParams('notice', { title: 'x' })).toThrow(/parameter 'text' missing/);
    // a blank text is data, not a missing parameter: the mail names it "(ohne Angabe)" (issue 25)
    expect(() => checkMailParams('creditorBlocked', { creditorName: '' })).not.toThrow();
    expect(renderMail('creditorBlocked', { creditorName: '  ' }, 'SMAFA').text).toContain('der Zugang von (ohne Angabe) zum');
    expect(() =>
      renderMail('limitIncreaseDecided', { ...samples.limitIncreaseDecided, status: 'open' }, 'SMAFA'),
    ).toThrow(/unknown limit decision status/);
    expect(renderMail('notice', samples.notice, 'UNKNOWN').subject).toBe(
      renderMail('notice', samples.notice, 'SMAFA').subject,
    );
  });

  it('gives single texts for notifications and history', () => {
    expect(
      renderMailText('limitIncreaseDecided.subject.approved', { debtorName: 'Muster GmbH' }, 'SMAFA'),
    ).toBe('Limiterhöhung für Muster GmbH genehmigt');
    expect(() => renderMailText('limitIncreaseDecided.subject.approved', {}, 'SMAFA')).toThrow(
      /no value for %\{debtorName\}/,
    );
  });
});
