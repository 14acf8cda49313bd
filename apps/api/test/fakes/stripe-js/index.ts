import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

/**
 * The Stripe.js stand-in (test-only): what `https://js.stripe.com/v3/` and Stripe's
 * iframes are to a real store, served by the Stripe fake so that browser tests never leave
 * 127.0.0.1 (`STRIPE_JS_URL=${fake}/v3/`). Part of `apps/api/test/fakes/stripe-fake.ts`, which
 * mounts it with {@link registerStripeJs} (Fastify) or {@link handleStripeJsRequest} (node:http).
 *
 * Routes (all `GET`, no authentication: they are public assets, as Stripe's):
 * - `/v3/` and `/v3` -> `stripe-v3.js`, the `window.Stripe` subset the store uses (see that file).
 * - `/elements/payment` -> the Payment Element's frame: labelled "Card number", "Expiration date",
 *   "Security code" fields; on the page's request it posts the card to the fake's
 *   `POST /v1/confirmation_tokens` and hands back only the ConfirmationToken.
 * - `/elements/express-checkout` -> the Express Checkout Element's frame (wallet buttons).
 * - `/elements/wallet-sheet` -> a simulated Google Pay / Apple Pay sheet (Pay, Cancel).
 * - `/elements/frames.js`, `/elements/frames.css` -> the frames' script and style.
 * - `/elements/3ds-result.js?outcome=succeeded|failed` -> a script for the fake's 3-D Secure page
 *   to include once the customer decided: it tells the stand-in the outcome
 *   (`parent.postMessage({ source: 'stripe-fake', type: '3ds-result', outcome }, '*')`).
 *
 * What the Stripe fake must serve for it (the agreement with `stripe-fake.ts`):
 * - `POST /v1/confirmation_tokens` (called from the frames, same origin), authenticated by the
 *   publishable key (`Authorization: Bearer pk_…`, also sent as the `key` form field), form-encoded:
 *   `payment_method_data[type]=card`, `payment_method_data[card][number]` (digits),
 *   `[card][exp_month]`, `[card][exp_year]` (4 digits), `[card][cvc]`, optional
 *   `payment_method_data[billing_details][name]` and `payment_method_data[wallet][type]`
 *   (`google_pay` | `apple_pay`, express checkout; the card is then the Visa test card 4242…).
 *   Answer 200 `{ id: 'ctoken_…', object: 'confirmation_token', payment_method_preview: { type: 'card',
 *   card: { brand, last4, wallet } } }`, or 4xx `{ error: { type, code, message, param } }`.
 * - `GET /3ds/{pi}?client_secret=…` -> the challenge page shown in a modal iframe by
 *   `stripe.handleNextAction({ clientSecret })`, with "Complete" and "Fail" buttons. After the
 *   decision the page should include `<script src="/elements/3ds-result.js?outcome=…">`; without
 *   it the stand-in takes the page's next load (its form posted) as the decision and the store's
 *   server-side confirmation decides.
 * The fake must not send `X-Frame-Options` or `frame-ancestors` on these pages (the store frames them).
 */

/** Options of the stand-in. */
export interface StripeJsOptions {
  /** The publishable key the frames accept in their URL (`pk_test_…`); only used for a sanity check. */
  publishableKey: string;
  /**
   * The fake's origin, e.g. `http://127.0.0.1:5191`: the frames' origin. The script takes it from
   * its own `src` when it can; this is the fallback.
   */
  apiOrigin: string;
}

/** A response of the stand-in. */
interface Asset {
  status: number;
  type: string;
  body: string;
}

const here = path.dirname(new URL(import.meta.url).pathname);
const read = (name: string) => fs.readFileSync(path.join(here, name), 'utf8');

const FRAMES_CSS = `
*{box-sizing:border-box}
html,body{margin:0;padding:0;background:transparent;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a}
body{padding:2px}
label{display:block;font-size:14px;font-weight:600;margin:0 0 4px}
input{display:block;width:100%;font:inherit;padding:10px 12px;border:1px solid #94a3b8;border-radius:10px;background:#fff;color:#0f172a}
input:focus{outline:2px solid #0369a1;outline-offset:0;border-color:#0369a1}
input[aria-invalid=true]{border-color:#b91c1c}
.field{margin-bottom:12px}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.row .field{margin-bottom:0}
#error{min-height:20px;margin:8px 0 0;color:#b91c1c;font-size:14px}
.brand{font-size:12px;color:#475569;margin:0 0 10px}
#wallets{display:grid;gap:8px}
.wallet{font:inherit;font-weight:600;border:0;border-radius:10px;padding:12px;background:#000;color:#fff;cursor:pointer;width:100%}
.wallet:focus-visible{outline:3px solid #0369a1;outline-offset:2px}
.sheet{padding:20px}
.sheet h1{font-size:18px;margin:0 0 12px}
.sheet p{margin:0 0 12px}
.sheet .amount{font-size:28px;font-weight:800}
.sheet .card{padding:10px 12px;border:1px solid #cbd5e1;border-radius:10px}
.sheet .actions{display:grid;gap:8px;margin-top:16px}
.sheet button{font:inherit;font-weight:600;padding:12px;border-radius:10px;cursor:pointer}
#pay{background:#000;color:#fff;border:0}
#cancel{background:#fff;color:#0f172a;border:1px solid #94a3b8}
`;

const page = (frame: string, title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title><link rel="stylesheet" href="/elements/frames.css"></head>
<body data-frame="${frame}">${body}<script src="/elements/frames.js"></script></body></html>`;

const PAYMENT_PAGE = page(
  'payment',
  'Payment details',
  `<p class="brand">Stripe test mode</p>
<div class="field"><label id="number-label" for="number">Card number</label>
<input id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23" aria-required="true"></div>
<div class="row">
<div class="field"><label id="expiry-label" for="expiry">Expiration date</label>
<input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" maxlength="7" aria-required="true"></div>
<div class="field"><label id="cvc-label" for="cvc">Security code</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" maxlength="4" aria-required="true"></div>
</div>
<p id="error" role="alert"></p>`,
);

const EXPRESS_PAGE = page('express', 'Express checkout', '<div id="wallets"></div>');

const SHEET_PAGE = page(
  'sheet',
  'Wallet',
  `<main class="sheet"><h1 id="sheet-title">Pay with Google Pay</h1>
<p class="amount" id="sheet-amount"></p><p class="card" id="sheet-card"></p>
<div class="actions"><button type="button" id="pay">Pay</button><button type="button" id="cancel">Cancel</button></div></main>`,
);

const THREE_DS_RESULT = `(function(){var s=document.currentScript;var o=s?new URL(s.src).searchParams.get('outcome'):null;
if(window.parent&&window.parent!==window)window.parent.postMessage({source:'stripe-fake',type:'3ds-result',outcome:o==='succeeded'?'succeeded':'failed'},'*');})();`;

/** The stand-in's answer for `pathname`, or `undefined` when the path is not one of its routes. */
export function stripeJsAsset(pathname: string, options: StripeJsOptions): Asset | undefined {
  const js = 'application/javascript; charset=utf-8';
  const html = 'text/html; charset=utf-8';
  switch (pathname) {
    case '/v3':
    case '/v3/':
      return {
        status: 200,
        type: js,
        body: read('stripe-v3.js').replace('__API_ORIGIN__', options.apiOrigin.replace(/\/+$/, '')),
      };
    case '/elements/frames.js':
      return { status: 200, type: js, body: read('frames.js') };
    case '/elements/frames.css':
      return { status: 200, type: 'text/css; charset=utf-8', body: FRAMES_CSS };
    case '/elements/3ds-result.js':
      return { status: 200, type: js, body: THREE_DS_RESULT };
    case '/elements/payment':
      return { status: 200, type: html, body: PAYMENT_PAGE };
    case '/elements/express-checkout':
      return { status: 200, type: html, body: EXPRESS_PAGE };
    case '/elements/wallet-sheet':
      return { status: 200, type: html, body: SHEET_PAGE };
    default:
      return undefined;
  }
}

/** The paths {@link registerStripeJs} registers. */
export const STRIPE_JS_PATHS = [
  '/v3',
  '/v3/',
  '/elements/frames.js',
  '/elements/frames.css',
  '/elements/3ds-result.js',
  '/elements/payment',
  '/elements/express-checkout',
  '/elements/wallet-sheet',
] as const;

/** The least of a Fastify instance the stand-in needs (`app.get(path, handler)`). */
interface RouteTarget {
  get(
    path: string,
    handler: (
      request: { url: string },
      reply: {
        code(status: number): unknown;
        header(name: string, value: string): unknown;
        send(body: string): unknown;
      },
    ) => unknown,
  ): unknown;
}

/**
 * Mounts the stand-in on a Fastify instance (the Stripe fake): `GET /v3/` and `/elements/*` as
 * listed above. Answers carry `Cache-Control: no-store` and `Access-Control-Allow-Origin: *`.
 * Unknown `/elements/*` paths are left to the fake (404).
 */
export function registerStripeJs(app: RouteTarget, options: StripeJsOptions): void {
  for (const route of STRIPE_JS_PATHS) {
    app.get(route, (request, reply) => {
      const pathname = new URL(request.url, 'http://fake').pathname;
      const asset = stripeJsAsset(pathname, options) ?? { status: 404, type: 'text/plain', body: 'not found' };
      reply.code(asset.status);
      reply.header('content-type', asset.type);
      reply.header('cache-control', 'no-store');
      reply.header('access-control-allow-origin', '*');
      return reply.send(asset.body);
    });
  }
}

/**
 * The same for a node:http server: answers and returns `true` when `request` is a `GET` of one of
 * the stand-in's paths, else returns `false` and leaves the response alone.
 */
export function handleStripeJsRequest(
  request: IncomingMessage,
  response: ServerResponse,
  options: StripeJsOptions,
): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const asset = stripeJsAsset(new URL(request.url ?? '/', 'http://fake').pathname, options);
  if (!asset) return false;
  response.writeHead(asset.status, {
    'content-type': asset.type,
    'cache-control': 'no-store',
    'access-control-allow-origin': '*',
  });
  response.end(request.method === 'HEAD' ? undefined : asset.body);
  return true;
}
