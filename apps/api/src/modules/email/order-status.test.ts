import { LANGUAGE_CODES } from '@esim/contract/languages';
import { ORDER_STATUSES } from '@esim/contract/order';
import { describe, expect, it } from 'vitest';
import { sampleOrderStatus } from './email-templates.ts';
import { SHOP, expectMessage } from './email-test-helpers.ts';
import { EMAIL_STRINGS } from './locales/index.ts';
import { ORDER_STATUS_TEMPLATES, orderStatusTemplate, renderOrderStatusEmail } from './order-status.tsx';

/** The status messages: one template per status, in the five languages. */
describe('order status e-mails', () => {
  it('have one template per status', () => {
    expect(ORDER_STATUS_TEMPLATES).toEqual(ORDER_STATUSES.map((s) => `order-status-${s}`));
  });

  const TURKEY_5GB = {
    en: 'Turkey eSIM: 5GB, 30 days',
    tr: 'Türkiye eSIM paketi: 5GB, 30 gün',
    es: 'eSIM Turquía: 5GB, 30 días',
    fr: 'eSIM Turquie : 5GB, 30 jours',
    de: 'eSIM Türkei: 5GB, 30 Tage',
  } as const;
  const cases = ORDER_STATUSES.flatMap((status) => LANGUAGE_CODES.map((lang) => [status, lang] as const));
  it.each(cases)(
    '%s in %s: subject, heading, status, summary and portal link in the language',
    async (status, lang) => {
      const data = sampleOrderStatus(lang, SHOP);
      const email = await renderOrderStatusEmail(status, data, lang);
      const t = EMAIL_STRINGS[lang].orderStatus;
      expectMessage(email, {
        template: orderStatusTemplate(status),
        lang,
        heading: t[status].heading,
        greets: data.customerName,
      });
      expect(email.subject).toContain('ORD-7K3F9Q2X4M');
      expect(email.subject).not.toMatch(/\{\w+\}/);
      expect(email.html).toContain(`href="${SHOP}/portal"`);
      expect(email.text).toContain('$24.98');
      // Plan names from their facts in the language, never the catalogue's English.
      expect(email.text).toContain(TURKEY_5GB[lang]);
      expect(email.text).not.toContain('[prepaid]');
      expect(email.text).not.toMatch(/\{\w+\}/);
      if (status === 'refunded') expect(email.text).toContain(t.refundTiming);
      else expect(email.text).not.toContain(t.refundAmount);
    },
  );

  it('says the refunded amount, which may differ from the total', async () => {
    const email = await renderOrderStatusEmail(
      'refunded',
      { ...sampleOrderStatus('en', SHOP), refundCents: 1299 },
      'en',
    );
    expect(email.text).toContain('We have refunded $12.99 for order ORD-7K3F9Q2X4M');
    expect(email.html).toContain('$12.99');
  });

  it('escapes what customers typed and falls back to English', async () => {
    const email = await renderOrderStatusEmail(
      'completed',
      { ...sampleOrderStatus('en', SHOP), customerName: '<b>Eve</b>' },
      'xx',
    );
    expect(email.language).toBe('en');
    expect(email.html).not.toContain('<b>Eve</b>');
    expect(email.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
  });

  it('refuses a portal link that is not an absolute http(s) URL', async () => {
    await expect(
      renderOrderStatusEmail('completed', { ...sampleOrderStatus('en', SHOP), portalUrl: 'javascript:alert(1)' }, 'en'),
    ).rejects.toThrow(TypeError);
  });
});
