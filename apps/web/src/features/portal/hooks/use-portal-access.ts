import type { PortalAccess } from '../api/access-headers.ts';
import { usePortalToken } from './use-portal-token.ts';

/**
 * The signed-in account as the portal pages get it from their route: its user id, `null` when
 * nobody is signed in, `undefined` while that is not known yet.
 */
export type PortalAccount = number | null | undefined;

/**
 * Who a portal page reads as (`docs/product-rules.md#customer-portal-and-access-tokens`): the tab's access token when there is one
 * (the e-mail's `#token=` link or the token form, exactly as without accounts), else the
 * signed-in account (its session cookie: every order it owns), else nobody (`null`: the token
 * form); `undefined` while the account is still loading. With the token's functions of
 * {@link usePortalToken}: 'Use another token' forgets the token, and a signed-in user then sees
 * the account.
 */
export function usePortalAccess(account: PortalAccount) {
  const { token, setToken, clearToken } = usePortalToken();
  let access: PortalAccess | null | undefined;
  if (token !== null) access = { token };
  else if (account === undefined) access = undefined;
  else access = account === null ? null : { account };
  return { access, token, setToken, clearToken };
}
