/**
 * Who reads the portal (`docs/product-rules.md#customer-portal-and-access-tokens`): an order's access token (`{ token }`, the e-mail's
 * link or the token form), or the signed-in account (`{ account }`, its user id): no header,
 * the session cookie decides, and the portal covers every order of the account. The user id
 * keeps one account's cached portal from ever showing to another.
 */
export type PortalAccess = { token: string } | { account: number };

/**
 * The header of every portal call (`ACCESS_TOKEN_HEADER` of `@esim/contract/portal`, spelled out
 * here so that the portal's chunk does not load the contract's schemas just for a name): the
 * token, in a header only, never in a URL (ARCHITECTURE.md invariants); none for an account,
 * whose session cookie goes with every same-site call. `X-Session-Id` is added by the API client.
 */
export function accessHeaders(access: PortalAccess): Record<string, string> {
  return 'token' in access ? { 'X-Access-Token': access.token } : {};
}

/** A string naming `access`, for React keys: a new token or account starts its views afresh. */
export function accessId(access: PortalAccess): string {
  return 'token' in access ? `token:${access.token}` : `account:${access.account}`;
}
