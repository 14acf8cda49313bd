import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LANGUAGE_CODES } from '@esim/contract/languages';
import { ORDER_STATUSES } from '@esim/contract/order';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testConfig } from '../../../test/helper.ts';
import { type AppServices, buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { EMAIL_TEMPLATES } from './email-templates.ts';

const TEMPLATE_IDS = Object.keys(EMAIL_TEMPLATES);

let database: Database;
let app: FastifyInstance;
let services: AppServices;
let webDist: string;

// The storefront is served (from a stand-in build) so that its SPA fallback is in play too.
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'email-preview-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html lang="en"><head><title>x</title><!--app-head--></head><body><div id="root">SPA</div></body></html>',
  );
  database = await openTestDatabase();
  ({ app, services } = await buildApp({ config: testConfig({ WEB_DIST: webDist }), database, serveWeb: true }));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('GET /email-preview', () => {
  it('lists every template in every language', async () => {
    const res = await app.inject({ method: 'GET', url: '/email-preview' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.body).not.toContain('<div id="root">SPA</div>');
    expect(TEMPLATE_IDS).toEqual(expect.arrayContaining(['order-confirmation', 'topup-receipt', 'password-reset']));
    expect(res.body).toContain('Top-up receipt');
    expect(res.body).toContain('Password reset');
    for (const id of TEMPLATE_IDS) {
      for (const lang of LANGUAGE_CODES) expect(res.body).toContain(`href="/email-preview/${id}/${lang}"`);
    }
  });
});

describe('GET /email-preview/{template}/{lang}', () => {
  const cases = TEMPLATE_IDS.flatMap((id) => LANGUAGE_CODES.map((lang) => [id, lang] as const));

  /** What only one template shows: the order confirmation's QR codes and signed-in portal link. */
  const EXPECTED: Record<string, { qrCodes: boolean; portalHref: string; text: string }> = {
    'order-confirmation': {
      qrCodes: true,
      portalHref: 'http://localhost:5000/portal#token=RW-SAMPLE-4F7K-9Q2M-X8T3',
      text: 'RW-SAMPLE-4F7K-9Q2M-X8T3',
    },
    'topup-receipt': { qrCodes: false, portalHref: 'http://localhost:5000/portal', text: '8944000000123456783' },
    'password-reset': {
      qrCodes: false,
      portalHref: 'http://localhost:5000/auth?view=reset#token=SAMPLE-RESET-TOKEN-7Q2M',
      text: 'SAMPLE-RESET-TOKEN-7Q2M',
    },
    // The status messages: the sample order, the portal without a token.
    ...Object.fromEntries(
      ORDER_STATUSES.map((status) => [
        `order-status-${status}`,
        { qrCodes: false, portalHref: 'http://localhost:5000/portal', text: 'ORD-7K3F9Q2X4M' },
      ]),
    ),
    // The contact form: the desk's copy links to the admin area, the acknowledgement to support.
    'support-message': {
      qrCodes: false,
      portalHref: 'http://localhost:5000/admin/support-messages?id=1',
      text: '[SUP-7K3M4Q2X]',
    },
    'support-acknowledgement': { qrCodes: false, portalHref: 'mailto:support@roamwise.example', text: 'SUP-7K3M4Q2X' },
  };

  it('has expectations for every template', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...TEMPLATE_IDS].sort());
  });

  it.each(cases)('renders %s in %s with sample data, images inline', async (id, lang) => {
    const expected = EXPECTED[id];
    if (!expected) throw new Error(`no expectations for ${id}`);
    const res = await app.inject({
      method: 'GET',
      url: `/email-preview/${id}/${lang}`,
      headers: { host: 'shop.test:8080' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toMatch(new RegExp(`<html [^>]*lang="${lang}"`));
    if (expected.qrCodes) expect(res.body).toContain('src="data:image/png;base64,');
    expect(res.body).not.toContain('cid:');
    expect(res.body).toContain(expected.text);
    // Links follow PUBLIC_URL (default http://localhost:<PORT>), never the Host header.
    expect(res.body).toContain(`href="${expected.portalHref}"`);
    expect(res.body).not.toContain('shop.test');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain('img-src data:');
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
  });

  it('shows the subject and the plain-text part with ?format=text', async () => {
    const res = await app.inject({ method: 'GET', url: '/email-preview/order-confirmation/tr?format=text' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body.startsWith('Subject: 2 eSIM’iniz hazır – ORD-7K3F9Q2X4M numaralı sipariş\n\n')).toBe(true);
    expect(res.body).toContain('Merhaba Elif Yılmaz,');
    expect(res.body).toContain('Erişim kodu: RW-SAMPLE-4F7K-9Q2M-X8T3');
    expect(res.body).toContain('Müşteri portalını aç: http://localhost:5000/portal#token=RW-SAMPLE-4F7K-9Q2M-X8T3');
  });

  it('shows the top-up receipt as text in Turkish', async () => {
    const res = await app.inject({ method: 'GET', url: '/email-preview/topup-receipt/tr?format=text' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body.startsWith('Subject: Ek paketiniz yolda – ORD-9T4M2K7X5P numaralı sipariş\n\n')).toBe(true);
    expect(res.body).toContain('Merhaba Elif Yılmaz,');
    expect(res.body).toContain('Geçerlilik süresi: 15 gün');
    expect(res.body).toContain('Ödeme yöntemi: Visa •••• 4242');
  });

  it('shows the password reset as text in German', async () => {
    const res = await app.inject({ method: 'GET', url: '/email-preview/password-reset/de?format=text' });
    expect(res.statusCode).toBe(200);
    expect(res.body.startsWith('Subject: Setzen Sie Ihr Roamwise-Passwort zurück\n\n')).toBe(true);
    expect(res.body).toContain('Hallo Lena Schmidt,');
    expect(res.body).toContain(
      'Neues Passwort festlegen: http://localhost:5000/auth?view=reset#token=SAMPLE-RESET-TOKEN-7Q2M\n',
    );
    expect(res.body).toContain('Dieser Link ist 30 Minuten lang gültig und kann nur einmal verwendet werden.');
  });

  it.each([
    ['/email-preview/no-such-template/en', 'template'],
    ['/email-preview/constructor/en', 'template'],
    ['/email-preview/order-confirmation/pt', 'lang'],
    ['/email-preview/order-confirmation/EN', 'lang'],
  ])('answers %s with a JSON 404', async (url, field) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: expect.any(String), field } });
  });

  it('links to PUBLIC_URL whatever the Host header holds', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/email-preview/order-confirmation/en',
      headers: { host: 'a"b<c>' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('href="http://localhost:5000/portal#token=RW-SAMPLE-4F7K-9Q2M-X8T3"');
    expect(res.body).not.toContain('a"b<c>');
  });

  it('leaves the storefront CSP on other pages', async () => {
    const res = await app.inject({ method: 'GET', url: '/products' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">SPA</div>');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
  });
});

describe('app services', () => {
  it('exposes the mailer, storing e-mail in the database without SMTP_URL', () => {
    expect(services.mailer.transport).toBe('database');
  });
});
