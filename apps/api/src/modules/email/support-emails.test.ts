import { LANGUAGE_CODES, type Language } from '@esim/contract/languages';
import { describe, expect, it } from 'vitest';
import { escapeHtml, fill } from './email-html.ts';
import { SAMPLE_SUPPORT_REFERENCE, sampleSupportAcknowledgement, sampleSupportMessage } from './email-templates.ts';
import { EMAIL_STRINGS } from './locales/index.ts';
import { renderSupportAcknowledgement } from './support-acknowledgement.tsx';
import { renderSupportMessage, supportMessageSubject } from './support-message.tsx';

const NASTY = `Zoë "<b>O'Brien</b>" & <script>alert(1)</script>`;

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
        ...sampleSupportAcknowledgement(lang, 'https://shop.example'),
        name: NASTY,
        subject: 'Tokyo & <no data>',
      };
      const email = await renderSupportAcknowledgement(data, lang);
      const t = EMAIL_STRINGS[lang].supportAcknowledgement;
      expect(email.template).toBe('support-acknowledgement');
      expect(email.language).toBe(lang);
      expect(email.subject).toBe(ACK[lang].subject);
      expect(email.inlineImages).toEqual([]);
      expect(email.html).toMatch(new RegExp(`<html [^>]*lang="${lang}"`));
      for (const part of [email.html, email.text]) {
        const enc = part === email.html ? escapeHtml : (s: string) => s;
        expect(part).toContain(enc(ACK[lang].within));
        expect(part).toContain(ACK[lang].hours);
        expect(part).toContain(SAMPLE_SUPPORT_REFERENCE);
        expect(part).toContain(enc('Tokyo & <no data>'));
        expect(part).toContain(enc(fill(EMAIL_STRINGS[lang].common.greeting, { name: NASTY })));
        expect(part).toContain('support@roamwise.example');
        expect(part).toContain(enc(t.notYou));
      }
      expect(email.text).toContain(fill(t.subjectLine, { subject: 'Tokyo & <no data>' }));
      expect(email.html).toContain(`<strong>${SAMPLE_SUPPORT_REFERENCE}</strong>`);
      expect(email.html).toContain('<strong>Tokyo &amp; &lt;no data&gt;</strong>');
      for (const raw of ['<script>', '<b>O', '<no data>']) expect(email.html).not.toContain(raw);
    });
  });

  it('falls back to English for an unsupported language', async () => {
    const email = await renderSupportAcknowledgement(sampleSupportAcknowledgement('en', 'https://shop.example'), 'xx');
    expect(email.language).toBe('en');
    expect(email.subject).toBe(ACK.en.subject);
  });
});

describe('renderSupportMessage', () => {
  it('puts the reference before the subject, the message as typed (escaped in the HTML, lines kept), the sender and the admin link', async () => {
    const data = {
      ...sampleSupportMessage('tr', 'https://shop.example'),
      name: NASTY,
      message: 'Line 1 <img src=x onerror=alert(1)>\nLine 2 & more',
    };
    const email = await renderSupportMessage(data);
    expect(email.template).toBe('support-message');
    expect(email.language).toBe('en');
    expect(email.subject).toBe(`[${SAMPLE_SUPPORT_REFERENCE}] ${data.subject}`);
    expect(supportMessageSubject('SUP-AAAAAAAA', 'Hi')).toBe('[SUP-AAAAAAAA] Hi');
    expect(email.text).toContain('Line 1 <img src=x onerror=alert(1)>\nLine 2 & more');
    expect(email.text).toContain(`From: ${NASTY} <elif.yilmaz@example.com>`);
    expect(email.text).toContain('Language: Türkçe (tr)');
    expect(email.text).toContain('Received: Dec 5, 2026, 8:15 AM UTC');
    expect(email.text).toContain('Open in the admin area: https://shop.example/admin/support-messages?id=1');
    expect(email.html).toContain('Line 1 &lt;img src=x onerror=alert(1)&gt;<br/>Line 2 &amp; more');
    expect(email.html).toContain('href="mailto:elif.yilmaz@example.com"');
    expect(email.html).toContain('href="https://shop.example/admin/support-messages?id=1"');
    for (const raw of ['<script>', '<b>O', '<img src=x']) expect(email.html).not.toContain(raw);
  });

  it('refuses an admin link that is not http(s)', async () => {
    await expect(
      renderSupportMessage({ ...sampleSupportMessage('en', 'https://shop.example'), adminUrl: 'javascript:alert(1)' }),
    ).rejects.toThrow(TypeError);
  });
});
