import { LANGUAGE_CODES, type Language } from '@esim/contract/languages';
import { androidInstallUrl, appleInstallUrl } from '@esim/contract/order';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { escapeHtml, inlineImagesAsDataUris } from './email-html.ts';
import { sampleOrderConfirmation } from './email-templates.ts';
import { NASTY_NAME, SHOP, bothParts, expectMessage, expectEscaped } from './email-test-helpers.ts';
import { EMAIL_STRINGS } from './locales/index.ts';
import {
  type OrderConfirmationData,
  orderConfirmationDataFromView,
  portalSignInUrl,
  renderOrderConfirmation,
} from './order-confirmation.tsx';

function order(overrides: Partial<OrderConfirmationData> = {}): OrderConfirmationData {
  return { ...sampleOrderConfirmation('en', SHOP), customerName: NASTY_NAME, ...overrides };
}

/** The heading for two eSIMs, written out by hand per language (not derived from the code). */
const TWO_ESIMS: Record<Language, string> = {
  en: 'Your 2 eSIMs are ready',
  tr: '2 eSIM’iniz hazır',
  es: 'Tus 2 eSIM están listas',
  fr: 'Vos 2 eSIM sont prêtes',
  de: 'Ihre 2 eSIMs sind bereit',
};
const ONE_ESIM: Record<Language, string> = {
  en: 'Your eSIM is ready',
  tr: 'eSIM’iniz hazır',
  es: 'Tu eSIM está lista',
  fr: 'Votre eSIM est prête',
  de: 'Ihre eSIM ist bereit',
};

/** The sample's Turkey plan as each language names it, written out by hand. */
const TURKEY_5GB: Record<Language, string> = {
  en: 'Turkey eSIM: 5GB, 30 days',
  tr: 'Türkiye eSIM paketi: 5GB, 30 gün',
  es: 'eSIM Turquía: 5GB, 30 días',
  fr: 'eSIM Turquie : 5GB, 30 jours',
  de: 'eSIM Türkei: 5GB, 30 Tage',
};

/** A one-day Unlimited Plus plan for Japan as the catalogue sells it, and the eSIM delivered for it. */
const JAPAN_PLUS = {
  name: 'Japan Unlimited Plus 1 Days [unlimited]',
  plan: { countryCode: 'JP', dataAmount: 'Unlimited', validityDays: 1, tier: 'unlimited_plus' as const },
  install: {
    iccid: '8944000000123456783',
    smdpAddress: 'smdp.example',
    matchingId: 'M1',
    activationCode: 'LPA:1$smdp.example$M1',
  },
};

describe('renderOrderConfirmation', () => {
  describe.each(LANGUAGE_CODES)('in %s', (lang) => {
    it('shows name, order number, eSIM count, items, total, every eSIM, token, links, refund policy and support', async () => {
      const data = order();
      const email = await renderOrderConfirmation(data, lang);
      const t = EMAIL_STRINGS[lang];
      expectMessage(email, {
        template: 'order-confirmation',
        lang,
        heading: TWO_ESIMS[lang],
        greets: NASTY_NAME,
        images: 2,
      });
      expect(email.subject).toContain('ORD-7K3F9Q2X4M');
      expect(email.subject).toContain(TWO_ESIMS[lang]);

      for (const [part, enc] of bothParts(email)) {
        expect(part).toContain(enc(TWO_ESIMS[lang]));
        expect(part).toContain('ORD-7K3F9Q2X4M');
        expect(part).toContain('$24.98');
        expect(part).toContain('$12.99');
        // Plan names from their facts in the e-mail's language, never the catalogue's English.
        expect(part).toContain(enc(TURKEY_5GB[lang]));
        expect(part).not.toContain('[prepaid]');
        for (const esim of data.esims) {
          expect(part).toContain(esim.iccid);
          expect(part).toContain(esim.smdpAddress);
          expect(part).toContain(esim.matchingId);
          expect(part).toContain(esim.activationCode);
          expect(part).toContain(enc(appleInstallUrl(esim.activationCode)));
          expect(part).toContain(enc(androidInstallUrl(esim.activationCode)));
        }
        expect(part).toContain(data.accessToken);
        expect(part).toContain(enc(t.orderConfirmation.refund));
        expect(part).toContain('support@roamwise.example');
        for (const step of t.orderConfirmation.steps) expect(part).toContain(enc(step));
      }
      // The portal link signs in: the token rides in the fragment, and is printed as well.
      expect(email.html).toContain('href="https://shop.example/portal#token=RW-SAMPLE-4F7K-9Q2M-X8T3"');
      expect(email.html).not.toContain('href="https://shop.example/portal"');
      expect(email.html).toContain(
        'href="https://shop.example/order-confirmation/ORD-7K3F9Q2X4M#token=RW-SAMPLE-4F7K-9Q2M-X8T3"',
      );
      expect(email.text).toContain(
        `${t.orderConfirmation.portalButton}: https://shop.example/portal#token=RW-SAMPLE-4F7K-9Q2M-X8T3\n`,
      );
      expect(email.text).toContain(`${t.orderConfirmation.accessToken}: RW-SAMPLE-4F7K-9Q2M-X8T3\n`);
    });

    it('pluralises a single eSIM', async () => {
      const base = order();
      const email = await renderOrderConfirmation({ ...base, esims: base.esims.slice(0, 1) }, lang);
      expect(email.subject).toContain(ONE_ESIM[lang]);
      expect(email.text.split('\n')[0]).toBe(ONE_ESIM[lang]);
      expect(email.inlineImages).toHaveLength(1);
    });
  });

  it('escapes HTML in the customer name and every other field', async () => {
    const email = await renderOrderConfirmation(
      order({
        orderNumber: 'ORD-<i>X</i>',
        items: [{ name: '<img src=x onerror=alert(1)>', quantity: 1, lineTotalCents: 2498 }],
        accessToken: '"><svg onload=alert(1)>',
      }),
      'en',
    );
    expectEscaped(email, ['<script>', '<b>O', '<img src=x', '<svg', '<i>X</i>']);
  });

  it('attaches one QR code PNG per eSIM that encodes its LPA string, referenced by cid with alt text', async () => {
    const data = order();
    const email = await renderOrderConfirmation(data, 'fr');
    expect(email.inlineImages).toHaveLength(2);
    for (const [i, esim] of data.esims.entries()) {
      const image = email.inlineImages[i];
      if (!image) throw new Error('missing image');
      expect(image.contentType).toBe('image/png');
      expect(image.content.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
      // The same pixels as qrcode's own PNG of the LPA string (the encoding settings differ).
      const expected = await QRCode.toBuffer(esim.activationCode, {
        type: 'png',
        errorCorrectionLevel: 'M',
        margin: 2,
        scale: 8,
      });
      const [got, want] = [PNG.sync.read(image.content), PNG.sync.read(expected)];
      expect([got.width, got.height]).toEqual([want.width, want.height]);
      expect(got.data.equals(want.data)).toBe(true);
      expect(image.content.length).toBeLessThan(expected.length);
      expect(email.html).toContain(`src="cid:${image.cid}"`);
      expect(email.html).toContain(`alt="${escapeHtml(`Code QR pour installer l’eSIM ${esim.iccid}`)}"`);
    }
    const preview = inlineImagesAsDataUris(email.html, email.inlineImages);
    expect(preview).not.toContain('cid:');
    expect(preview).toContain('src="data:image/png;base64,');
  });

  it('encodes the token in the portal link and escapes the link in HTML', async () => {
    const token = 'a b&c#d/é+=';
    const email = await renderOrderConfirmation(order({ accessToken: token }), 'en');
    const link = 'https://shop.example/portal#token=a%20b%26c%23d%2F%C3%A9%2B%3D';
    expect(email.html).toContain(`href="${link}"`);
    expect(email.text).toContain(link);
    // Printed in clear too (escaped in HTML).
    expect(email.html).toContain(escapeHtml(token));
    expect(email.text).toContain(`Access token: ${token}\n`);
    expect(new URLSearchParams(new URL(link).hash.slice(1)).get('token')).toBe(token);
  });

  it('formats the order date in the language, in UTC', async () => {
    const data = order({ orderDate: new Date('2026-03-05T23:30:00Z') });
    expect((await renderOrderConfirmation(data, 'en')).text).toContain('March 5, 2026');
    expect((await renderOrderConfirmation(data, 'de')).text).toContain('5. März 2026');
    expect((await renderOrderConfirmation(data, 'tr')).text).toContain('5 Mart 2026');
  });

  it('falls back to English for an unsupported language', async () => {
    const email = await renderOrderConfirmation(order(), 'pt-BR');
    expect(email.language).toBe('en');
    expect(email.html).toMatch(/<html [^>]*lang="en"/);
  });

  it('rejects links that are not absolute http(s) URLs and invalid dates', async () => {
    await expect(renderOrderConfirmation(order({ portalUrl: 'javascript:alert(1)' }), 'en')).rejects.toThrow(TypeError);
    await expect(renderOrderConfirmation(order({ confirmationUrl: '/order-confirmation/x' }), 'en')).rejects.toThrow(
      /confirmationUrl/,
    );
    await expect(renderOrderConfirmation(order({ orderDate: 'yesterday' }), 'en')).rejects.toThrow(RangeError);
  });

  it('builds its data from the order view', () => {
    const data = orderConfirmationDataFromView(
      {
        orderNumber: 'ORD-ABC123',
        createdAt: '2026-11-22T10:00:00.000Z',
        status: 'completed',
        paymentStatus: 'succeeded',
        paymentMethod: 'card',
        card: { brand: 'visa', last4: '4242' },
        currency: 'USD',
        totalCents: 999,
        customer: { fullName: 'Ada Lovelace', email: 'ada@example.com' },
        items: [
          {
            id: 1,
            productId: 7,
            name: JAPAN_PLUS.name,
            ...JAPAN_PLUS.plan,
            quantity: 1,
            unitPriceCents: 999,
            lineTotalCents: 999,
          },
        ],
        esims: [{ ...JAPAN_PLUS.install, status: 'Ready', lineId: 1, productName: JAPAN_PLUS.name }],
        refund: null,
      },
      'tok',
      'https://roamwise.example/',
    );
    const { name, plan, install } = JAPAN_PLUS;
    expect(data).toEqual({
      customerName: 'Ada Lovelace',
      orderNumber: 'ORD-ABC123',
      orderDate: '2026-11-22T10:00:00.000Z',
      totalCents: 999,
      items: [{ name, plan, quantity: 1, lineTotalCents: 999 }],
      esims: [{ ...install, productName: name, plan }],
      accessToken: 'tok',
      portalUrl: 'https://roamwise.example/portal',
      confirmationUrl: 'https://roamwise.example/order-confirmation/ORD-ABC123',
    });
  });
});

describe('plan names in the order confirmation', () => {
  const { name, plan, install } = JAPAN_PLUS;
  const withPlan = () =>
    order({
      items: [{ name, plan, quantity: 1, lineTotalCents: 899 }],
      esims: [{ ...install, productName: name, plan }],
    });

  it('names each plan from its facts in the e-mail’s language, keeping the tier', async () => {
    const en = await renderOrderConfirmation(withPlan(), 'en');
    expect(en.text).toContain('Japan eSIM: Unlimited Plus, 1 day');
    const de = await renderOrderConfirmation(withPlan(), 'de');
    expect(de.text).toContain('eSIM Japan: Unbegrenzt Plus, 1 Tag');
    expect(de.html).toContain('eSIM Japan: Unbegrenzt Plus, 1 Tag');
    for (const email of [en, de]) {
      expect(email.text).not.toContain('[unlimited]');
      expect(email.html).not.toContain('[unlimited]');
    }
  });
});

describe('portalSignInUrl', () => {
  it('puts the URI-encoded token in the fragment, replacing any fragment of the portal URL', () => {
    expect(portalSignInUrl('https://roamwise.example/portal', 'abc_DEF-123')).toBe(
      'https://roamwise.example/portal#token=abc_DEF-123',
    );
    expect(portalSignInUrl('http://127.0.0.1:5179/portal?lng=tr#old', 'x/y z')).toBe(
      'http://127.0.0.1:5179/portal?lng=tr#token=x%2Fy%20z',
    );
  });

  it('rejects a portal URL that is not an absolute http(s) URL', () => {
    expect(() => portalSignInUrl('javascript:alert(1)//', 't')).toThrow(TypeError);
    expect(() => portalSignInUrl('/portal', 't')).toThrow(/portalUrl/);
  });
});
