import type { StripeConstructor, StripeInstance } from './stripe-types.ts';

/**
 * Loads Stripe.js from the store's configured URL (`stripeJsUrl` of `GET /api/payments/config`:
 * `https://js.stripe.com/v3/`, or the Stripe fake's stand-in in browser tests) on the pages that
 * take cards, and only there (PCI DSS SAQ A, decision record 0019: a minimum of third-party script, and the
 * checkout's initial JS unchanged: this module is part of the lazily loaded Stripe chunk).
 *
 * The server allows Stripe's origins in the CSP of the card payment pages only (`/checkout`,
 * `/portal/topup`; `apps/api/src/plugins/security-headers.ts`), and a document keeps the policy it
 * was loaded with through client-side navigation. {@link stripeAllowedHere} tells whether this
 * document was loaded at such a page; when it was not, the page is reloaded
 * ({@link reloadForStripe}) so that the server sends the payment page's policy.
 */

/** The card payment pages whose CSP allows Stripe (the server's `PAYMENT_PAGE_PATHS`). */
const PAYMENT_PAGES = ['/checkout', '/portal/topup'];

/** `/checkout/` -> `/checkout`, as the server compares paths. */
function normalisePath(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

/**
 * The path this document was loaded at (the navigation entry's URL; `history.pushState` does
 * not change it), or the current path when the browser has no navigation timing.
 */
export function documentPath(): string {
  const entry = performance.getEntriesByType?.('navigation')[0];
  try {
    return normalisePath(new URL(entry?.name ?? window.location.href).pathname);
  } catch {
    return normalisePath(window.location.pathname);
  }
}

/** Whether this document was served as a card payment page, i.e. with Stripe in its CSP. */
export function stripeAllowedHere(): boolean {
  return PAYMENT_PAGES.includes(documentPath());
}

/**
 * Reloads the current page from the server (once per address: a session-storage mark stops a
 * loop should the policy still not allow Stripe). @returns whether it reloads.
 */
export function reloadForStripe(): boolean {
  const mark = `stripe-reload:${window.location.pathname}`;
  try {
    if (sessionStorage.getItem(mark) === documentPath()) return false;
    sessionStorage.setItem(mark, documentPath());
  } catch {
    // No storage: reload anyway (a loop needs a misconfigured server, and the navigation entry then
    // shows the payment page's path, which stops it).
  }
  window.location.reload();
  return true;
}

/** The page's CSP nonce (`<meta property="csp-nonce">`, written by the server for each page). */
function pageNonce(): string | undefined {
  return document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
}

const loads = new Map<string, Promise<StripeConstructor>>();

/**
 * Adds `<script src="{url}">` once (with the page's nonce) and resolves `window.Stripe`.
 * @throws Error when the script cannot be loaded (network, CSP) or defines no `Stripe`; a later
 *   call tries again.
 */
export function loadStripeScript(url: string): Promise<StripeConstructor> {
  const existing = (window as { Stripe?: StripeConstructor }).Stripe;
  if (existing) return Promise.resolve(existing);
  let load = loads.get(url);
  if (!load) {
    load = new Promise<StripeConstructor>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      const nonce = pageNonce();
      if (nonce) script.nonce = nonce;
      script.addEventListener('load', () => {
        const stripe = (window as { Stripe?: StripeConstructor }).Stripe;
        if (stripe) resolve(stripe);
        else reject(new Error('Stripe.js loaded without defining Stripe'));
      });
      script.addEventListener('error', () => {
        script.remove();
        reject(new Error(`Stripe.js could not be loaded from ${url}`));
      });
      document.head.append(script);
    });
    load.catch(() => loads.delete(url));
    loads.set(url, load);
  }
  return load;
}

const instances = new Map<string, Promise<StripeInstance>>();

/**
 * The Stripe instance of a publishable key (one per page, as Stripe recommends), Stripe.js
 * loaded from `url` first. @throws what {@link loadStripeScript} throws.
 */
export function loadStripe(url: string, publishableKey: string): Promise<StripeInstance> {
  const id = `${url}\n${publishableKey}`;
  let instance = instances.get(id);
  if (!instance) {
    instance = loadStripeScript(url).then((Stripe) => Stripe(publishableKey));
    instance.catch(() => instances.delete(id));
    instances.set(id, instance);
  }
  return instance;
}
