import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from 'helmet';
import { cspHash } from '../lib/content-security.ts';
import { DEVICE_PAGE_STYLE, PAYPAL_PAGE_STYLE } from '../modules/sandbox/sandbox.module.ts';

export { cspHash, scriptFreeDocumentPolicy, styleAttributeHashesOf } from '../lib/content-security.ts';

/**
 * The app's security response headers (OWASP ASVS 4.0.3 V14.4 "HTTP
 * Security Headers", V14.4.3 CSP and V14.4.7 framing; decision record 0010).
 *
 * Content-Security-Policy has no `'unsafe-inline'` anywhere. Inline styles are allowed three ways
 * only: a per-response nonce ({@link cspNonce}) for the storefront's `index.html`, whose libraries
 * create `<style>` elements at run time; the SHA-256 of the constant `<style>` of the sandbox
 * pages; and, on the e-mail preview alone, the hashes of that document's own inline styles
 * ({@link scriptFreeDocumentPolicy}). Scripts come from the origin only, except on the card
 * payment pages of a store that takes cards through Stripe, which also allow Stripe.js and its
 * frames ({@link stripePageSources}).
 */

/** Bytes of entropy in a nonce: 128 bits, the least CSP Level 3 recommends. */
const NONCE_BYTES = 16;

/** Inline `<style>` blocks served by the app's own pages that cannot carry a nonce. */
const STYLE_HASHES = [cspHash(PAYPAL_PAGE_STYLE), cspHash(DEVICE_PAGE_STYLE)];

/**
 * The origins a page that takes cards through Stripe's Payment Element needs beyond its own (PCI
 * DSS SAQ A wants a strict script allow-list on payment pages; Stripe docs "Content Security
 * Policy"): Stripe.js (`script-src`), Stripe's iframes (the
 * Payment Element, Express Checkout, 3-D Secure: `frame-src`) and Stripe's API (`connect-src`).
 */
export interface PaymentPageSources {
  script: readonly string[];
  frame: readonly string[];
  connect: readonly string[];
}

/**
 * The {@link PaymentPageSources} of a Stripe configuration, derived from its URLs so that tests
 * that point them at a local fake allow exactly the fake: `script-src` and `frame-src` get the
 * origin of `jsUrl` (`STRIPE_JS_URL`, default `https://js.stripe.com/v3/`), `connect-src` the
 * origin of `apiUrl` (`STRIPE_API_URL`, default `https://api.stripe.com`). For Stripe's own
 * Stripe.js, Stripe's documented extra hosts are added: `https://*.js.stripe.com` (scripts and
 * frames) and `https://hooks.stripe.com` (3-D Secure frames).
 */
export function stripePageSources(stripe: { jsUrl: string; apiUrl: string }): PaymentPageSources {
  const js = new URL(stripe.jsUrl).origin;
  const api = new URL(stripe.apiUrl).origin;
  const real = js === 'https://js.stripe.com';
  return {
    script: real ? [js, 'https://*.js.stripe.com'] : [js],
    frame: real ? [js, 'https://*.js.stripe.com', 'https://hooks.stripe.com'] : [js],
    connect: [api],
  };
}

/**
 * The storefront pages that take a card (checkout, portal top-up): only they get the payment
 * provider's origins in their CSP. Client-side navigation keeps the policy of the page the
 * document was loaded at, so the storefront reloads these pages when it reaches them otherwise
 * (`apps/web/src/components/payment/stripe/load-stripe.ts`).
 */
export const PAYMENT_PAGE_PATHS: readonly string[] = ['/checkout', '/portal/topup'];

/** Whether `url` (path and query) is one of {@link PAYMENT_PAGE_PATHS}, with or without a trailing slash. */
export function isPaymentPage(url: string): boolean {
  const pathname = (url.split('?')[0] ?? '').replace(/\/+$/, '') || '/';
  return PAYMENT_PAGE_PATHS.includes(pathname);
}

/**
 * The policy's directives; `style-src` gains the nonce of a response that has one, and a payment
 * page ({@link isPaymentPage}, with Stripe) the payment provider's {@link PaymentPageSources}.
 */
function contentSecurityPolicy(
  styleNonce?: string,
  payment?: PaymentPageSources,
  styleAttributes?: readonly string[],
): string {
  const styleSources = ["'self'", ...STYLE_HASHES, ...(styleNonce ? [`'nonce-${styleNonce}'`] : [])];
  const withSources = (directive: string, extra: readonly string[] | undefined) =>
    [directive, "'self'", ...(extra ?? [])].join(' ');
  return [
    "default-src 'self'",
    withSources('script-src', payment?.script),
    `style-src ${styleSources.join(' ')}`,
    // The `style` attributes of a server-rendered page, each by its hash (CSP 3 'unsafe-hashes').
    ...(styleAttributes?.length ? [`style-src-attr 'unsafe-hashes' ${styleAttributes.join(' ')}`] : []),
    // QR codes (`data:`, canvas `blob:`), flags.
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    withSources('connect-src', payment?.connect),
    ...(payment ? [withSources('frame-src', payment.frame)] : []),
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** The policy of every response that asked for no nonce (API answers, static files, sandbox pages). */
const BASE_POLICY = contentSecurityPolicy();

/**
 * Powerful browser features, denied to the store's pages and to anything they could embed, except
 * `clipboard-write` for the copy buttons (access token, activation code). `payment` is denied: card
 * details go to the payment provider's tokenisation endpoint and PayPal by redirect, never through
 * the Payment Request API. Only features that Chromium knows are named, so that it logs no
 * "Unrecognized feature" error.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'clipboard-read=()',
  'clipboard-write=(self)',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=()',
  'gamepad=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'local-fonts=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'sync-xhr=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * `Permissions-Policy` of a payment page with Stripe: `payment` delegated to the Stripe frames'
 * origins so that the Express Checkout Element can open Google Pay or Apple Pay (the Payment
 * Request API in Stripe's iframe, which asks for `allow="payment"`); every other feature as
 * {@link PERMISSIONS_POLICY}.
 */
function paymentPagePermissions(payment: PaymentPageSources): string {
  const origins = payment.frame.filter((o) => !o.includes('*')).map((o) => `"${o}"`);
  return PERMISSIONS_POLICY.replace('payment=()', `payment=(self ${origins.join(' ')})`);
}

/** `style` attribute hashes allowed in a reply, by reply ({@link allowStyleAttributes}). */
const styleAttributeHashes = new WeakMap<FastifyReply, readonly string[]>();

/** Nonces issued, by reply: one per response, however often a handler asks. */
const nonces = new WeakMap<FastifyReply, string>();

/** The payment provider's origins of a reply that answers a payment page ({@link isPaymentPage}). */
const paymentPages = new WeakMap<FastifyReply, PaymentPageSources>();

/**
 * The CSP nonce of this response (128 random bits from the CSPRNG, base64), created on first use
 * and added to the response's `style-src`. A page puts it on the elements that need it (`<meta
 * property="csp-nonce">` for the SPA's libraries). Use it only in a response that is not shared:
 * each response must have its own.
 */
export function cspNonce(reply: FastifyReply): string {
  let nonce = nonces.get(reply);
  if (!nonce) {
    nonce = randomBytes(NONCE_BYTES).toString('base64');
    nonces.set(reply, nonce);
    reply.header(
      'content-security-policy',
      contentSecurityPolicy(nonce, paymentPages.get(reply), styleAttributeHashes.get(reply)),
    );
  }
  return nonce;
}

/**
 * Lets this response's document carry exactly the `style` attributes whose hashes are given
 * (`'sha256-...'` of each decoded value, {@link styleAttributeHashesOf}): the server-rendered
 * markup of UI libraries that set inline styles. Rewrites the response's CSP with
 * `style-src-attr 'unsafe-hashes'` and those hashes; styles set later by scripts through the DOM
 * are not governed by CSP.
 */
export function allowStyleAttributes(reply: FastifyReply, hashes: readonly string[]): void {
  if (hashes.length === 0) return;
  styleAttributeHashes.set(reply, hashes);
  reply.header('content-security-policy', contentSecurityPolicy(nonces.get(reply), paymentPages.get(reply), hashes));
}

/**
 * helmet's headers with the store's options (HSTS for a year with subdomains; no CSP, which is
 * written below, and no `Cross-Origin-Embedder-Policy`), as helmet itself sets them, read once:
 * they are the same for every response, so no request pays for helmet's middleware chain.
 */
function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet({
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  })({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * The security headers of every response but a payment page's ({@link registerSecurityHeaders}),
 * also of a JSON answer sent where no hook runs (Fastify's `frameworkErrors`: bad URLs,
 * over-long path parameters), so that no response of the app goes without them.
 */
export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...helmetHeaders(),
  'content-security-policy': BASE_POLICY,
  'permissions-policy': PERMISSIONS_POLICY,
});

/**
 * Registers the security headers on every response: helmet's set (HSTS for a year with
 * subdomains, `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer`,
 * `Cross-Origin-Opener-Policy`, ...), the Content-Security-Policy above (a constant string, so an
 * API answer pays no nonce; {@link cspNonce} rewrites it for a page that needs one) and
 * `Permissions-Policy`. A route may replace the CSP with a stricter one of its own (the e-mail
 * preview, {@link scriptFreeDocumentPolicy}).
 *
 * With `options.payment` (the store takes cards through Stripe: {@link stripePageSources}), the
 * storefront pages that take a card ({@link isPaymentPage}: `GET /checkout`, `GET /portal/topup`)
 * allow the provider's origins in `script-src`, `frame-src` and `connect-src` and delegate
 * `payment` to its frames; every other response keeps the base policy.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { payment?: PaymentPageSources } = {}): void {
  const { payment } = options;
  const paymentHeaders = payment && {
    ...STATIC_SECURITY_HEADERS,
    'content-security-policy': contentSecurityPolicy(undefined, payment),
    'permissions-policy': paymentPagePermissions(payment),
  };
  app.addHook('onRequest', (request, reply, done) => {
    if (paymentHeaders && (request.method === 'GET' || request.method === 'HEAD') && isPaymentPage(request.url)) {
      paymentPages.set(reply, payment);
      reply.headers(paymentHeaders);
    } else {
      reply.headers(STATIC_SECURITY_HEADERS);
    }
    done();
  });
}
