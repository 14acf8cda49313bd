import { LANGUAGE_CODES, type Language } from '@esim/contract/languages';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from './email-html.ts';
import { sampleTopupReceipt } from './email-templates.ts';
import { NASTY_NAME, SHOP, bothParts, expectMessage, expectEscaped, expectPreviewEntry } from './email-test-helpers.ts';
import { fill } from './email-text.ts';
import { EMAIL_STRINGS } from './locales/index.ts';
import { TOPUP_RECEIPT_TEMPLATE, type TopupReceiptData, renderTopupReceipt } from './topup-receipt.tsx';

function topup(overrides: Partial<TopupReceiptData> = {}): TopupReceiptData {
  return { ...sampleTopupReceipt('en', SHOP), customerName: NASTY_NAME, ...overrides };
}

/** What each language says of the sample top-up, written out by hand (not derived from the code). */
interface Expected {
  subject: string;
  /** The sample's plan, named in the language. */
  plan: string;
  /** "15 days" and "1 day". */
  days: readonly [fifteen: string, one: string];
  /** The sample's date. */
  date: string;
  /** 'Unlimited Plus'. */
  plus: string;
}

const EXPECTED: Record<Language, Expected> = {
  en: {
    subject: 'Your top-up is on its way – order ORD-9T4M2K7X5P',
    plan: 'Turkey eSIM: 3GB, 15 days',
    days: ['15 days', '1 day'],
    date: 'December 3, 2026',
    plus: 'Unlimited Plus',
  },
  tr: {
    subject: 'Ek paketiniz yolda – ORD-9T4M2K7X5P numaralı sipariş',
    plan: 'Türkiye eSIM paketi: 3GB, 15 gün',
    days: ['15 gün', '1 gün'],
    date: '3 Aralık 2026',
    plus: 'Sınırsız Plus',
  },
  es: {
    subject: 'Tu recarga está en camino – pedido ORD-9T4M2K7X5P',
    plan: 'eSIM Turquía: 3GB, 15 días',
    days: ['15 días', '1 día'],
    date: '3 de diciembre de 2026',
    plus: 'Ilimitado Plus',
  },
  fr: {
    subject: 'Votre recharge arrive – commande ORD-9T4M2K7X5P',
    plan: 'eSIM Turquie : 3GB, 15 jours',
    days: ['15 jours', '1 jour'],
    date: '3 décembre 2026',
    plus: 'Illimité Plus',
  },
  de: {
    subject: 'Ihre Aufladung ist unterwegs – Bestellung ORD-9T4M2K7X5P',
    plan: 'eSIM Türkei: 3GB, 15 Tage',
    days: ['15 Tage', '1 Tag'],
    date: '3. Dezember 2026',
    plus: 'Unbegrenzt Plus',
  },
};

describe('renderTopupReceipt', () => {
  describe.each(LANGUAGE_CODES)('in %s', (lang) => {
    it('shows name, what was added to which eSIM, amount and method, the queue rule, portal and support', async () => {
      const data = topup();
      const email = await renderTopupReceipt(data, lang);
      const t = EMAIL_STRINGS[lang].topupReceipt;
      const { subject } = EXPECTED[lang];
      expectMessage(email, { template: 'topup-receipt', lang, heading: t.heading, subject, greets: NASTY_NAME });

      for (const [part, enc] of bothParts(email)) {
        expect(part).toContain('ORD-9T4M2K7X5P');
        expect(part).toContain(enc(EXPECTED[lang].plan));
        expect(part).not.toContain('[prepaid]');
        expect(part).toContain('3GB');
        expect(part).toContain(EXPECTED[lang].days[0]);
        expect(part).toContain('8944000000123456783');
        expect(part).toContain(EXPECTED[lang].date);
        expect(part).toContain('$8.99');
        expect(part).toContain('Visa •••• 4242');
        expect(part).toContain(enc(t.whenText));
        expect(part).toContain(enc(t.noInstall));
        expect(part).toContain(enc(t.portalText));
        expect(part).toContain(enc(EMAIL_STRINGS[lang].orderSummary.pricesNote));
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
    });

    it('pluralises the validity and translates an unlimited allowance', async () => {
      const plan = { countryCode: 'TR', dataAmount: 'Unlimited', validityDays: 1, tier: 'unlimited' as const };
      const email = await renderTopupReceipt(topup({ validityDays: 1, dataAmount: 'Unlimited', plan }), lang);
      const t = EMAIL_STRINGS[lang].topupReceipt;
      expect(email.text).toContain(`${t.validity}: ${EXPECTED[lang].days[1]}\n`);
      expect(email.text).toContain(`${t.data}: ${t.unlimited}\n`);
      if (lang !== 'en') expect(email.text).not.toContain('Unlimited');
      const old = await renderTopupReceipt(topup({ validityDays: 1, dataAmount: 'Unlimited', plan: undefined }), lang);
      expect(old.text).toContain(`${t.data}: ${t.unlimited}\n`);
    });

    it('keeps the Unlimited Plus tier in the plan name and the allowance', async () => {
      const plan = { countryCode: 'JP', dataAmount: 'Unlimited', validityDays: 1, tier: 'unlimited_plus' as const };
      const email = await renderTopupReceipt(topup({ validityDays: 1, dataAmount: 'Unlimited', plan }), lang);
      expect(email.text).toContain(EXPECTED[lang].plus);
      expect(email.html).toContain(EXPECTED[lang].plus);
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
    expectEscaped(email, ['<script>', '<b>O', '<img src=x', '<svg', '<i>X</i>', '<u>1GB', 'href="javascript:']);
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(email.html).toContain('&lt;a href=&quot;javascript:alert(1)&quot;&gt;PayPal&lt;/a&gt;');
    // Subject and text are plain text: verbatim.
    expect(email.subject).toContain('ORD-<i>X</i>');
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
    expect(email.subject).toBe(EXPECTED.en.subject);
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
    await expectPreviewEntry(TOPUP_RECEIPT_TEMPLATE, 'Top-up receipt', 'http://preview.test/portal');
  });
});
