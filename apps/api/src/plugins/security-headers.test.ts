import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testConfig } from '../../test/helper.ts';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { isPaymentPage, stripePageSources } from './security-headers.ts';

/** The nonce placeholder of the stand-in build, as Vite's `html.cspNonce` writes it. */
const PLACEHOLDER = 'CSP_NONCE_PLACEHOLDER';

/** A stand-in for `apps/web/dist/index.html` built with `html.cspNonce`: the meta tag and nonced tags. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>x</title>
    <!--app-head-->
    <script type="module" crossorigin src="/assets/index-abc.js" nonce="${PLACEHOLDER}"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css" nonce="${PLACEHOLDER}">
    <meta property="csp-nonce" nonce="${PLACEHOLDER}">
  </head>
  <body><div id="root">SPA</div></body>
</html>
`;

/** Features the store never uses, which every response must deny (decision record 0010). */
const DENIED_FEATURES = [
  'camera',
  'microphone',
  'geolocation',
  'payment',
  'usb',
  'serial',
  'hid',
  'midi',
  'display-capture',
];

let database: Database;
let app: FastifyInstance;
let webDist: string;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'security-headers-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  database = await openTestDatabase();
  ({ app } = await buildApp({ config: testConfig({ WEB_DIST: webDist }), database, serveWeb: true }));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** The response's CSP as a map of directive name -> source list. */
function directives(res: LightMyRequestResponse): Map<string, string[]> {
  const header = res.headers['content-security-policy'];
  expect(typeof header).toBe('string');
  const map = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

/** The CSP hash source (`'sha256-…'`) of a text, as a browser computes it. */
function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The guarantees every policy of the app keeps (decision record 0010). */
function expectStrictPolicy(res: LightMyRequestResponse): Map<string, string[]> {
  const csp = String(res.headers['content-security-policy']);
  expect(csp).not.toContain("'unsafe-inline'");
  expect(csp).not.toContain("'unsafe-eval'");
  const map = directives(res);
  expect(map.get('object-src')).toEqual(["'none'"]);
  expect(map.get('base-uri')).toEqual(["'none'"]);
  expect(map.get('frame-ancestors')).toEqual(["'none'"]);
  return map;
}

function nonceOf(res: LightMyRequestResponse): string {
  const nonces = (directives(res).get('style-src') ?? []).filter((s) => s.startsWith("'nonce-"));
  expect(nonces).toHaveLength(1);
  return nonces[0]!.slice("'nonce-".length, -1);
}

describe('Content-Security-Policy', () => {
  it('is strict on API responses: no inline style or script, no nonce', async () => {
    for (const url of ['/api/health', '/api/products?country=TR', '/api/no-such-route']) {
      const res = await app.inject({ method: 'GET', url });
      const csp = expectStrictPolicy(res);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('style-src')?.[0]).toBe("'self'");
      expect(csp.get('style-src')?.some((s) => s.startsWith("'nonce-"))).toBe(false);
      expect(csp.get('form-action')).toEqual(["'self'"]);
    }
  });

  it('stays on error answers', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { 'content-type': 'application/json', 'x-session-id': '00000000-0000-4000-8000-000000000000' },
      payload: '{"productId":',
    });
    expect(res.statusCode).toBe(400);
    expectStrictPolicy(res);
    expect(res.headers['permissions-policy']).toContain('camera=()');
  });

  it('keeps the framing and base rules on the API documentation (Swagger UI)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger-ui');
    expectStrictPolicy(res);
  });

  it('gives every storefront page a fresh style nonce, the same in the header and in the HTML', async () => {
    const first = await app.inject({ method: 'GET', url: '/en/turkey' });
    const second = await app.inject({ method: 'GET', url: '/en/turkey' });
    const missing = await app.inject({ method: 'GET', url: '/no/such/page' });
    expect(missing.statusCode).toBe(404);
    const nonces = [first, second, missing].map((res) => {
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      const csp = expectStrictPolicy(res);
      // Scripts load from the origin only: the nonce is for the style elements the SPA's
      // libraries create at run time.
      expect(csp.get('script-src')).toEqual(["'self'"]);
      const nonce = nonceOf(res);
      expect(Buffer.from(nonce, 'base64').length).toBeGreaterThanOrEqual(16);
      expect(res.body).not.toContain(PLACEHOLDER);
      const inHtml = [...res.body.matchAll(/\snonce="([^"]*)"/g)].map((m) => m[1]);
      expect(inHtml).toEqual([nonce, nonce, nonce]);
      return nonce;
    });
    expect(new Set(nonces).size).toBe(3);
  });

  it('allows the sandbox pages their one constant <style> by hash', async () => {
    const pages = [
      await app.inject({ method: 'GET', url: '/sandbox/paypal/UNKNOWN0000000000', headers: { accept: 'text/html' } }),
      await app.inject({ method: 'GET', url: '/sandbox/esims/8900000000000000000' }),
    ];
    for (const res of pages) {
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const csp = expectStrictPolicy(res);
      const styles = [...res.body.matchAll(/<style>([^<]*)<\/style>/g)].map((m) => m[1]!);
      expect(styles).toHaveLength(1);
      expect(csp.get('style-src')).toContain(hashSource(styles[0]!));
      expect(res.body).not.toMatch(/\sstyle="/);
    }
  });

  it('pins the e-mail preview inline styles by hash, with no script at all', async () => {
    for (const url of [
      '/email-preview',
      '/email-preview/order-confirmation/en',
      '/email-preview/topup-receipt/de',
      '/email-preview/password-reset/fr',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const csp = expectStrictPolicy(res);
      expect(csp.get('default-src')).toEqual(["'none'"]);
      expect(csp.get('img-src')).toEqual(['data:']);
      expect([...csp.keys()].filter((name) => name.startsWith('script-src'))).toEqual([]);
      // Every `<style>` element and every `style` attribute of the page, and nothing else.
      const elements = [...res.body.matchAll(/<style>([^<]*)<\/style>/g)].map((m) => hashSource(m[1]!));
      const attributes = [...res.body.matchAll(/\sstyle="([^"]*)"/g)].map((m) =>
        hashSource(
          m[1]!
            .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
            .replace(/&#x([\da-f]+);/gi, (_, code: string) => String.fromCodePoint(Number.parseInt(code, 16)))
            .replace(/&quot;/g, '"')
            .replace(/&lt;/g, '<')
            .replace(/&gt;/g, '>')
            .replace(/&amp;/g, '&'),
        ),
      );
      expect(attributes.length).toBeGreaterThan(0);
      expect(new Set(csp.get('style-src-elem'))).toEqual(new Set(elements.length > 0 ? elements : ["'none'"]));
      expect(new Set(csp.get('style-src-attr'))).toEqual(new Set(["'unsafe-hashes'", ...attributes]));
    }
  });
});

describe('Permissions-Policy', () => {
  it.each(['/api/health', '/en/turkey', '/email-preview'])('denies what the store never uses on %s', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    const header = String(res.headers['permissions-policy']);
    const policy = new Map(header.split(',').map((part) => part.trim().split('=') as [string, string]));
    for (const feature of DENIED_FEATURES) expect(policy.get(feature), feature).toBe('()');
    // The copy buttons (access token, activation code) write to the clipboard.
    expect(policy.get('clipboard-write')).toBe('(self)');
    expect(policy.get('clipboard-read')).toBe('()');
  });
});

/**
 * Stripe's Payment Element on the card payment pages (PCI DSS SAQ A): only `/checkout` and `/portal/topup` of a store that takes cards through Stripe
 * allow Stripe.js, its frames and its API, derived from `STRIPE_JS_URL` / `STRIPE_API_URL` (here a
 * local fake); every other response keeps the base policy, and a sandbox store widens nothing.
 */
describe('payment pages with Stripe', () => {
  const FAKE = 'http://127.0.0.1:5191';
  let stripeDatabase: Database;
  let stripeApp: FastifyInstance;

  beforeAll(async () => {
    stripeDatabase = await openTestDatabase();
    ({ app: stripeApp } = await buildApp({
      config: testConfig({
        WEB_DIST: webDist,
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_fake0123456789',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_fake0123456789',
        STRIPE_WEBHOOK_SECRET: 'whsec_fake0123456789abcdef',
        STRIPE_API_URL: FAKE,
        STRIPE_JS_URL: `${FAKE}/v3/`,
      }),
      database: stripeDatabase,
      serveWeb: true,
    }));
    await stripeApp.ready();
  });
  afterAll(async () => {
    await stripeApp?.close();
    await stripeDatabase?.close();
  });

  it.each(['/checkout', '/portal/topup', '/portal/topup?iccid=8990&token=x', '/checkout/'])(
    'allows exactly the Stripe origins on %s',
    async (url) => {
      const res = await stripeApp.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const csp = expectStrictPolicy(res);
      expect(csp.get('script-src')).toEqual(["'self'", FAKE]);
      expect(csp.get('frame-src')).toEqual(["'self'", FAKE]);
      expect(csp.get('connect-src')).toEqual(["'self'", FAKE]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
      // The page's nonce is still in the header and the HTML.
      expect(res.body).toContain(`nonce="${nonceOf(res)}"`);
      // Wallets: the Payment Request API only in the store's page and Stripe's frames.
      expect(res.headers['permissions-policy']).toContain(`payment=(self "${FAKE}")`);
      expect(res.headers['permissions-policy']).toContain('camera=()');
    },
  );

  it.each([
    '/',
    '/cart',
    '/checkout/success',
    '/portal',
    '/order-confirmation/ORD-ABCDEFGHJKLM',
    '/api/health',
    '/api/checkout-x',
    '/v3/',
  ])('keeps the base policy on %s', async (url) => {
    const res = await stripeApp.inject({ method: 'GET', url });
    const csp = expectStrictPolicy(res);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.has('frame-src')).toBe(false);
    expect(String(res.headers['content-security-policy'])).not.toContain(FAKE);
    expect(res.headers['permissions-policy']).toContain('payment=()');
  });

  it('does not widen a POST to a payment path', async () => {
    const res = await stripeApp.inject({ method: 'POST', url: '/checkout', payload: {} });
    expect(String(res.headers['content-security-policy'])).not.toContain(FAKE);
  });

  it('widens nothing on a store whose cards go to the sandbox', async () => {
    for (const url of ['/checkout', '/portal/topup']) {
      const res = await app.inject({ method: 'GET', url });
      const csp = expectStrictPolicy(res);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.has('frame-src')).toBe(false);
      expect(res.headers['permissions-policy']).toContain('payment=()');
    }
  });

  it("derives Stripe's documented hosts for the real Stripe.js", () => {
    expect(stripePageSources({ jsUrl: 'https://js.stripe.com/v3/', apiUrl: 'https://api.stripe.com' })).toEqual({
      script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
      frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
      connect: ['https://api.stripe.com'],
    });
    expect(isPaymentPage('/checkout?x=1')).toBe(true);
    expect(isPaymentPage('/checkout/success')).toBe(false);
    expect(isPaymentPage('/portal/topup-confirmation')).toBe(false);
  });
});
