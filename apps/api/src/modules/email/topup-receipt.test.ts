import { LANGUAGE_CODES, type Language } from '@esim/contract/languages';
import { describe, expect, it } from 'vitest';
import { escapeHtml, fill } from './email-html.ts';
import { EMAIL_TEMPLATES, sampleTopupReceipt } from './email-templates.ts';
import { EMAIL_STRINGS } from './locales/index.ts';
import { TOPUP_RECEIPT_TEMPLATE, type TopupReceiptData, renderTopupReceipt } from './topup-receipt.tsx';

const NASTY_NAME = `Zoë "<b>O'Brien</b>" & <script>alert(1)</script>`;

function topup(overrides: Partial<TopupReceiptData> = {}): TopupReceiptData {
  return { ...sampleTopupReceipt('en', 'https://shop.example'), customerName: NASTY_NAME, ...overrides };
}

/** The subject per language, written out by hand (not derived from the code). */
const SUBJECTS: Record<Language, string> = {
  en: 'Your top-up is on its way – order ORD-9T4M2K7X5P',
  tr: 'Ek paketiniz yolda – ORD-9T4M2K7X5P numaralı sipariş',
  es: 'Tu recarga está en camino – pedido ORD-9T4M2K7X5P',
  fr: 'Votre recharge arrive – commande ORD-9T4M2K7X5P',
  de: 'Ihre Aufladung ist unterwegs – Bestellung ORD-9T4M2K7X5P',
};
/** "15 days" and "1 day" per language. */
const DAYS: Record<Language, [string, string]> = {
  en: ['15 days', '1 day'],
  tr: ['15 gün', '1 gün'],
  es: ['15 días', '1 día'],
  fr: ['15 jours', '1 jour'],
  de: ['15 Tage', '1 Tag'],
};
const DATES: Record<Language, string> = {
  en: 'December 3, 2026',
  tr: '3 Aralık 2026',
  es: '3 de diciembre de 2026',
  fr: '3 décembre 2026',
  de: '3. Dezember 2026',
};

/** The sample's plan as each language names it (issue 13), written out by hand. */
const TURKEY_3GB: Record<Language, string> = {
  en: 'Turkey eSIM: 3GB, 15 days',
  tr: 'Türkiye eSIM paketi: 3GB, 15 gün',
  es: 'eSIM Turquía: 3GB, 15 días',
  fr: 'eSIM Turquie : 3GB, 15 jours',
  de: 'eSIM Türkei: 3GB, 15 Tage',
};

/** 'Unlimited Plus' per language. */
const PLUS: Record<Language, string> = {
  en: 'Unlimited Plus',
  tr: 'Sınırsız Plus',
  es: 'Ilimitado Plus',
  fr: 'Illimité Plus',
  de: 'Unbegrenzt Plus',
};

describe('renderTopupReceipt', () => {
  describe.each(LANGUAGE_CODES)('in %s', (lang) => {
    it('shows name, what was added to which eSIM, amount and method, the queue rule, portal and support', async () => {
      const data = topup();
      const email = await renderTopupReceipt(data, lang);
      const t = EMAIL_STRINGS[lang].topupReceipt;
      expect(email.template).toBe('topup-receipt');
      expect(email.language).toBe(lang);
      expect(email.subject).toBe(SUBJECTS[lang]);
      expect(email.inlineImages).toEqual([]);
      expect(email.html).toMatch(new RegExp(`^<!DOCTYPE html[^>]*><html [^>]*lang="${lang}"`));
      expect(email.html).toContain('max-width:600px');
      expect(email.html).toContain(`<title>${escapeHtml(SUBJECTS[lang])}</title>`);
      expect(email.text.split('\n')[0]).toBe(t.heading);

      for (const part of [email.html, email.text]) {
        const enc = part === email.html ? escapeHtml : (s: string) => s;
        expect(part).toContain(enc(t.heading));
        expect(part).toContain('ORD-9T4M2K7X5P');
        expect(part).toContain(enc(TURKEY_3GB[lang]));
        expect(part).not.toContain('[prepaid]');
        expect(part).toContain('3GB');
        expect(part).toContain(DAYS[lang][0]);
        expect(part).toContain('8944000000123456783');
        expect(part).toContain(DATES[lang]);
        expect(part).toContain('$8.99');
        expect(part).toContain('Visa •••• 4242');
        expect(part).toContain(enc(t.whenText));
        expect(part).toContain(enc(t.noInstall));
        expect(part).toContain(enc(t.portalText));
        expect(part).toContain(enc(t.pricesNote));
        expect(part).toContain('support@roamwise.example');
        expect(part).toContain('+44 7700 900123');
        expect(part).toContain('+44 20 7946 0123');
        expect(part).toContain(enc(EMAIL_STRINGS[lang].common.supportHours));
        expect(part).toContain(enc(fill(t.reason, { orderNumber: 'ORD-9T4M2K7X5P', brand: 'Roamwise' })));
      }
      // The portal button, without any token (the receipt has none to give).
      const portalLink = /<a href="https:\/\/shop\.example\/portal"([^>]*)>(.*?)<\/a>/.exec(email.html);
      expect(portalLink?.[1]).toMatch(/ rel="noopener"/);
      expect(portalLink?.[1]).toMatch(/ target="_blank"/);
      expect(portalLink?.[2]).toContain(`>${escapeHtml(t.portalButton)}<`);
      expect(email.text).toContain(`${t.portalButton}: https://shop.example/portal\n`);
      expect(email.html).not.toContain('#token=');
      expect(email.text).not.toContain('#token=');
      expect(email.html).toContain('href="mailto:support@roamwise.example"');
      // Greeting with the customer's name: escaped in HTML, verbatim in text.
      expect(email.html).toContain(escapeHtml(fill(EMAIL_STRINGS[lang].common.greeting, { name: NASTY_NAME })));
      expect(email.text).toContain(fill(EMAIL_STRINGS[lang].common.greeting, { name: NASTY_NAME }));
    });

    it('pluralises the validity and translates an unlimited allowance', async () => {
      const plan = { countryCode: 'TR', dataAmount: 'Unlimited', validityDays: 1, tier: 'unlimited' as const };
      const email = await renderTopupReceipt(topup({ validityDays: 1, dataAmount: 'Unlimited', plan }), lang);
      const t = EMAIL_STRINGS[lang].topupReceipt;
      expect(email.text).toContain(`${t.validity}: ${DAYS[lang][1]}\n`);
      expect(email.text).toContain(`${t.data}: ${t.unlimited}\n`);
      if (lang !== 'en') expect(email.text).not.toContain('Unlimited');
      const old = await renderTopupReceipt(topup({ validityDays: 1, dataAmount: 'Unlimited', plan: undefined }), lang);
      expect(old.text).toContain(`${t.data}: ${t.unlimited}\n`);
    });

    it('keeps the Unlimited Plus tier in the plan name and the allowance (issue 13)', async () => {
      const plan = { countryCode: 'JP', dataAmount: 'Unlimited', validityDays: 1, tier: 'unlimited_plus' as const };
      const email = await renderTopupReceipt(topup({ validityDays: 1, dataAmount: 'Unlimited', plan }), lang);
      expect(email.text).toContain(PLUS[lang]);
      expect(email.html).toContain(PLUS[lang]);
      expect(email.text).not.toContain('[unlimited]');
    });
  });

  it('escapes HTML in the customer name and every other field', async () => {
    const email = await renderTopupReceipt(
      topup({
        orderNumber: 'ORD-<i>X</i>',
        productName: '<img src=x onerror=alert(1)>',
        plan: undefined,
        dataAmount: '<u>1GB</u>',
        iccid: '"><svg onload=alert(1)>',
        paymentLabel: '<a href="javascript:alert(1)">PayPal</a>',
      }),
      'en',
    );
    for (const raw of ['<script>', '<b>O', '<img src=x', '<svg', '<i>X</i>', '<u>1GB', 'href="javascript:']) {
      expect(email.html).not.toContain(raw);
    }
    expect(email.html).toContain(
      'Zoë &quot;&lt;b&gt;O&#x27;Brien&lt;/b&gt;&quot; &amp; &lt;script&gt;alert(1)&lt;/script&gt;',
    );
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(email.html).toContain('&lt;a href=&quot;javascript:alert(1)&quot;&gt;PayPal&lt;/a&gt;');
    // Subject and text are plain text: verbatim.
    expect(email.subject).toContain('ORD-<i>X</i>');
    expect(email.text).toContain(NASTY_NAME);
    expect(email.text).toContain('<img src=x onerror=alert(1)>');
  });

  it('shows PayPal as the payment method', async () => {
    const email = await renderTopupReceipt(topup({ paymentLabel: 'PayPal' }), 'fr');
    expect(email.text).toContain('Moyen de paiement: PayPal\n');
    expect(email.html).toContain('>PayPal</td>');
  });

  it('falls back to English for an unsupported language', async () => {
    const email = await renderTopupReceipt(topup(), 'pt-BR');
    expect(email.language).toBe('en');
    expect(email.subject).toBe(SUBJECTS.en);
    expect(email.html).toMatch(/<html [^>]*lang="en"/);
  });

  it('rejects a portal link that is not an absolute http(s) URL, an invalid date and bad numbers', async () => {
    await expect(renderTopupReceipt(topup({ portalUrl: 'javascript:alert(1)' }), 'en')).rejects.toThrow(TypeError);
    await expect(renderTopupReceipt(topup({ portalUrl: '/portal' }), 'en')).rejects.toThrow(/portalUrl/);
    await expect(renderTopupReceipt(topup({ orderDate: new Date('yesterday') }), 'en')).rejects.toThrow(RangeError);
    await expect(renderTopupReceipt(topup({ validityDays: 0 }), 'en')).rejects.toThrow(/validityDays/);
    await expect(renderTopupReceipt(topup({ validityDays: 1.5 }), 'en')).rejects.toThrow(RangeError);
    await expect(renderTopupReceipt(topup({ totalCents: -1 }), 'en')).rejects.toThrow(/totalCents/);
  });

  it('is listed for the e-mail preview with a sample in every language', async () => {
    const entry = EMAIL_TEMPLATES[TOPUP_RECEIPT_TEMPLATE];
    expect(entry?.title).toBe('Top-up receipt');
    for (const lang of LANGUAGE_CODES) {
      const email = await entry!.renderSample(lang, 'http://preview.test');
      expect(email.template).toBe(TOPUP_RECEIPT_TEMPLATE);
      expect(email.language).toBe(lang);
      expect(email.html).toContain('href="http://preview.test/portal"');
    }
  });
});
