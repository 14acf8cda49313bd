import { LANGUAGE_CODES, type Language } from '@esim/contract/languages';
import { describe, expect, it } from 'vitest';
import { SAMPLE_SUPPORT_REFERENCE, sampleSupportAcknowledgement, sampleSupportMessage } from './email-templates.ts';
import { NASTY_NAME, SHOP, bothParts, expectMessage, expectEscaped } from './email-test-helpers.ts';
import { fill } from './email-text.ts';
import { EMAIL_STRINGS } from './locales/index.ts';
import { renderSupportAcknowledgement } from './support-acknowledgement.tsx';
import { renderSupportMessage, supportMessageSubject } from './support-message.tsx';

/** "Within 24 hours" and the support hours per language, written out by hand (not derived from the code). */
const ACK: Record<Language, { subject: string; within: string; hours: string }> = {
  en: {
    subject: `We have received your message [${SAMPLE_SUPPORT_REFERENCE}]`,
    within: "We'll get back to you within 24 hours.",
    hours: 'Monday to Friday, 09:00–18:00 GMT',
  },
  tr: {
    subject: `Mesajınızı aldık [${SAMPLE_SUPPORT_REFERENCE}]`,
    within: 'Size 24 saat içinde dönüş yapacağız.',
    hours: 'pazartesiden cumaya 09:00–18:00 GMT',
  },
  es: {
    subject: `Hemos recibido tu mensaje [${SAMPLE_SUPPORT_REFERENCE}]`,
    within: 'Te responderemos en un plazo de 24 horas.',
    hours: 'de lunes a viernes, 09:00–18:00 GMT',
  },
  fr: {
    subject: `Nous avons bien reçu votre message [${SAMPLE_SUPPORT_REFERENCE}]`,
    within: 'Nous vous répondrons sous 24 heures.',
    hours: 'du lundi au vendredi, 09:00–18:00 GMT',
  },
  de: {
    subject: `Wir haben Ihre Nachricht erhalten [${SAMPLE_SUPPORT_REFERENCE}]`,
    within: 'Wir melden uns innerhalb von 24 Stunden bei Ihnen.',
    hours: 'Montag bis Freitag, 09:00–18:00 GMT',
  },
};

describe('renderSupportAcknowledgement', () => {
  describe.each(LANGUAGE_CODES)('in %s', (lang) => {
    it('thanks, says within 24 hours, quotes the subject, gives the reference and the hours, and the support contacts', async () => {
      const data = {
        ...sampleSupportAcknowledgement(lang, SHOP),
        name: NASTY_NAME,
        subject: 'Tokyo & <no data>',
      };
      const email = await renderSupportAcknowledgement(data, lang);
      const t = EMAIL_STRINGS[lang].supportAcknowledgement;
      const { subject } = ACK[lang];
      expectMessage(email, {
        template: 'support-acknowledgement',
        lang,
        heading: t.heading,
        subject,
        greets: NASTY_NAME,
      });
      for (const [part, enc] of bothParts(email)) {
        expect(part).toContain(enc(ACK[lang].within));
        expect(part).toContain(ACK[lang].hours);
        expect(part).toContain(SAMPLE_SUPPORT_REFERENCE);
        expect(part).toContain(enc('Tokyo & <no data>'));
        expect(part).toContain('support@roamwise.example');
        expect(part).toContain(enc(t.notYou));
      }
      expect(email.text).toContain(fill(t.subjectLine, { subject: 'Tokyo & <no data>' }));
      expect(email.html).toContain(`<strong>${SAMPLE_SUPPORT_REFERENCE}</strong>`);
      expect(email.html).toContain('<strong>Tokyo &amp; &lt;no data&gt;</strong>');
      expectEscaped(email, ['<script>', '<b>O', '<no data>']);
    });
  });

  it('falls back to English for an unsupported language', async () => {
    const email = await renderSupportAcknowledgement(sampleSupportAcknowledgement('en', SHOP), 'xx');
    expect(email.language).toBe('en');
    expect(email.subject).toBe(ACK.en.subject);
  });
});

describe('renderSupportMessage', () => {
  it('puts the reference before the subject, the message as typed (escaped in the HTML, lines kept), the sender and the admin link', async () => {
    const data = {
      ...sampleSupportMessage('tr', SHOP),
      name: NASTY_NAME,
      message: 'Line 1 <img src=x onerror=alert(1)>\nLine 2 & more',
    };
    const email = await renderSupportMessage(data);
    expectMessage(email, { template: 'support-message', lang: 'en', heading: 'New support message' });
    expect(email.subject).toBe(`[${SAMPLE_SUPPORT_REFERENCE}] ${data.subject}`);
    expect(supportMessageSubject('SUP-AAAAAAAA', 'Hi')).toBe('[SUP-AAAAAAAA] Hi');
    expect(email.text).toContain('Line 1 <img src=x onerror=alert(1)>\nLine 2 & more');
    expect(email.text).toContain(`From: ${NASTY_NAME} <elif.yilmaz@example.com>`);
    expect(email.text).toContain('Language: Türkçe (tr)');
    expect(email.text).toContain('Received: Dec 5, 2026, 8:15 AM UTC');
    expect(email.text).toContain('Open in the admin area: https://shop.example/admin/support-messages?id=1');
    expect(email.html).toContain('Line 1 &lt;img src=x onerror=alert(1)&gt;<br/>Line 2 &amp; more');
    expect(email.html).toContain('href="mailto:elif.yilmaz@example.com"');
    expect(email.html).toContain('href="https://shop.example/admin/support-messages?id=1"');
    expectEscaped(email, ['<script>', '<b>O', '<img src=x']);
  });

  it('refuses an admin link that is not http(s)', async () => {
    await expect(
      renderSupportMessage({ ...sampleSupportMessage('en', SHOP), adminUrl: 'javascript:alert(1)' }),
    ).rejects.toThrow(TypeError);
  });
});
