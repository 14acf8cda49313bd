/**
 * The header of every portal call (`ACCESS_TOKEN_HEADER` of `@esim/contract/portal`, spelled out
 * here so that the portal's chunk does not load the contract's schemas just for a name). The
 * token goes in a header only, never in a URL (ARCHITECTURE.md invariants). `X-Session-Id` is
 * added by the API client.
 */
export function accessHeaders(token: string): Record<string, string> {
  return { 'X-Access-Token': token };
}
