import { type KeyValueStore as Store, sessionStore } from '../../../lib/access-token.ts';

/**
 * Keeps what `POST /api/checkout` answered (order number and portal access token) in session
 * storage, so that `/checkout/success` (after the PayPal round trip) and the confirmation page
 * can show the token and read the order with it. Session storage is per tab and ends with it;
 * the token is also in the confirmation e-mail, whose link carries it as `#token=`. A token that
 * came from a link or was pasted is kept only once the server has opened the order with it.
 */

/** The checkout answer the confirmation needs. */
export interface StoredCheckout {
  orderNumber: string;
  accessToken: string;
}

/** A minimal `Storage`, so that tests can pass a fake. */
type KeyValueStore = Pick<Store, 'getItem' | 'setItem'>;

const keyOf = (orderNumber: string) => `checkout:${orderNumber}`;

/** Remembers the access token of an order for this tab. Storage errors are ignored. */
export function saveCheckout(value: StoredCheckout, store: KeyValueStore | null = sessionStore()): void {
  try {
    store?.setItem(keyOf(value.orderNumber), value.accessToken);
  } catch {
    // Quota or blocked storage: the token is still in the e-mail.
  }
}

/**
 * Forgets the access token kept for an order when it is `token`: one the server refused (wrong,
 * expired or revoked) is never offered again, while a newer one kept meanwhile stays.
 */
export function forgetAccessToken(
  orderNumber: string,
  token: string,
  store: (KeyValueStore & Pick<Store, 'removeItem'>) | null = sessionStore(),
): void {
  try {
    if (store?.getItem(keyOf(orderNumber)) === token) store.removeItem(keyOf(orderNumber));
  } catch {
    // Blocked storage: nothing was kept.
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
