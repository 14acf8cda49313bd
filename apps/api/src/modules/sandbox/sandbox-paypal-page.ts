import type { PaypalApprovalView } from '../../providers/payment/sandbox.ts';

/**
 * The sandbox's PayPal approval page: self-contained HTML (one constant inline `<style>`, no
 * scripts, no `style` attributes, no external resources), so it satisfies the app's
 * Content-Security-Policy (`script-src 'self'`, `style-src` allowing {@link PAYPAL_PAGE_STYLE} by
 * its SHA-256 hash, `form-action 'self'`; `plugins/security-headers.ts`). The buyer decides with
 * two plain HTML forms that post to `/sandbox/paypal/{id}/approve` and `/cancel`. Fluid from
 * 320 px up, landmarks and a heading per state, visible focus, WCAG AA contrast.
 */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * An amount in integer minor units (cents) of `currency`, e.g. `$19.99` for 1999 USD; currencies
 * without minor units (JPY) are not divided.
 */
export function formatAmount(amountCents: number, currency: string): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountCents / 10 ** digits);
}

/**
 * The page's style sheet, the text of its one `<style>` element: constant, so that the CSP allows it
 * by hash (`plugins/security-headers.ts`). Any change is picked up by the hash; no `style` attribute.
 */
export const PAYPAL_PAGE_STYLE = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;background:#f5f7fa;color:#2c2e2f;line-height:1.5}
header{background:#fff;border-bottom:1px solid #dcdfe3;padding:.75rem 1rem;display:flex;align-items:center;justify-content:center;gap:.5rem}
.logo{margin:0;font-size:1.6rem;font-weight:800;font-style:italic;letter-spacing:-.02em}
.pay{color:#003087}.pal{color:#0070ba}
.tag{font-size:.75rem;font-weight:700;font-style:normal;text-transform:uppercase;letter-spacing:.05em;background:#fff4cc;color:#5c4300;border-radius:999px;padding:.1rem .55rem}
main{max-width:28rem;margin:1.5rem auto;padding:0 1rem}
.card{background:#fff;border:1px solid #dcdfe3;border-radius:12px;padding:1.25rem}
h1{font-size:1.35rem;margin:0 0 .25rem}
.note{margin:0 0 1rem;color:#545d68;font-size:.9rem}
dl{margin:0 0 1.25rem}
dl div{display:flex;justify-content:space-between;gap:1rem;padding:.2rem 0}
dt{color:#545d68;flex:none}
dd{margin:0;text-align:right;min-width:0;overflow-wrap:anywhere}
.id{font-size:.875rem;font-family:ui-monospace,Menlo,Consolas,monospace}
dl .total{font-weight:700;font-size:1.15rem;border-top:1px solid #dcdfe3;margin-top:.4rem;padding-top:.5rem}
.total dt{color:#2c2e2f}
form{margin:0 0 .75rem}
.button{display:block;width:100%;min-height:3rem;border-radius:999px;font:inherit;font-size:1.05rem;font-weight:700;cursor:pointer;text-align:center;text-decoration:none;padding:.7rem 1rem}
.primary{background:#ffc439;border:1px solid #ffc439;color:#111}
.primary:hover{background:#f2ba36}
.secondary{background:#fff;border:1px solid #003087;color:#003087}
.secondary:hover{background:#eef3fb}
.button:focus-visible{outline:3px solid #0070ba;outline-offset:2px}
footer{max-width:28rem;margin:0 auto 2rem;padding:0 1rem;color:#545d68;font-size:.8rem;text-align:center}
`;

function page(title: string, main: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<style>${PAYPAL_PAGE_STYLE}</style>
</head>
<body>
<header><p class="logo"><span class="pay">Pay</span><span class="pal">Pal</span></p><span class="tag">Sandbox</span></header>
<main>
<div class="card">
${main}
</div>
</main>
<footer>Simulated PayPal for development and tests. No real money moves.</footer>
</body>
</html>
`;
}

/** The approval page of a PayPal order: amount, description, and the buyer's two choices (or the outcome once decided). */
export function renderPaypalApprovalPage(view: PaypalApprovalView, merchantName: string): string {
  const amount = `${formatAmount(view.amountCents, view.currency)} ${view.currency}`;
  const id = encodeURIComponent(view.id);
  const summary = `<dl>
<div><dt>Merchant</dt><dd>${escapeHtml(merchantName)}</dd></div>
<div><dt>Description</dt><dd>${escapeHtml(view.description)}</dd></div>
<div><dt>Order ID</dt><dd class="id">${escapeHtml(view.id)}</dd></div>
<div class="total"><dt>Total</dt><dd>${escapeHtml(amount)}</dd></div>
</dl>`;
  if (view.state === 'pending') {
    return page(
      `Pay ${amount} to ${merchantName} – PayPal sandbox`,
      `<h1>Pay with PayPal</h1>
<p class="note">Review your payment to ${escapeHtml(merchantName)}.</p>
${summary}
<form method="post" action="/sandbox/paypal/${id}/approve"><button type="submit" class="button primary">Pay now</button></form>
<form method="post" action="/sandbox/paypal/${id}/cancel"><button type="submit" class="button secondary">Cancel and return to ${escapeHtml(merchantName)}</button></form>`,
    );
  }
  const approved = view.state === 'approved';
  return page(
    `${approved ? 'Payment approved' : 'Payment cancelled'} – PayPal sandbox`,
    `<h1>${approved ? 'Payment approved' : 'Payment cancelled'}</h1>
<p class="note">${approved ? 'You already approved this payment.' : 'You cancelled this payment. Nothing was charged.'}</p>
${summary}
<a class="button primary" href="${escapeHtml(view.continueUrl)}">Return to ${escapeHtml(merchantName)}</a>`,
  );
}

/** The 404 page for an unknown PayPal order id. */
export function renderPaypalNotFoundPage(): string {
  return page(
    'PayPal order not found – PayPal sandbox',
    `<h1>PayPal order not found</h1>
<p class="note">This payment link is unknown or no longer valid. Go back to the store and start the payment again.</p>
<a class="button secondary" href="/">Back to the store</a>`,
  );
}
