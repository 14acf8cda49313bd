/**
 * Keeps what `POST /api/checkout` answered (order number and portal access token) in session
 * storage, so that `/checkout/success` (after the PayPal round trip) and the confirmation page
 * can show the token and read the order with it. Session storage is per tab and ends with it;
 * the token is also in the confirmation e-mail, whose link carries it as `#token=`.
 */

/** The checkout answer the confirmation needs. */
export interface StoredCheckout {
  orderNumber: string;
  accessToken: string;
}

/** A minimal `Storage`, so that tests can pass a fake. */
type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

const keyOf = (orderNumber: string) => `checkout:${orderNumber}`;

/** Session storage, or `null` where it is unavailable (blocked storage, private modes). */
export function sessionStore(): KeyValueStore | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Remembers the access token of an order for this tab. Storage errors are ignored. */
export function saveCheckout(value: StoredCheckout, store: KeyValueStore | null = sessionStore()): void {
  try {
    store?.setItem(keyOf(value.orderNumber), value.accessToken);
  } catch {
    // Quota or blocked storage: the token is still in the e-mail.
  }
}

/** The access token remembered for an order in this tab, if any. */
export function loadAccessToken(orderNumber: string, store: KeyValueStore | null = sessionStore()): string | null {
  try {
    return store?.getItem(keyOf(orderNumber)) || null;
  } catch {
    return null;
  }
}

/**
 * The access token of a URL fragment such as `#token=abc` (the e-mail's link; a fragment never
 * reaches a server or a referrer header). `null` when there is none.
 */
export function tokenFromHash(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get('token')?.trim();
  return token ? token : null;
}
