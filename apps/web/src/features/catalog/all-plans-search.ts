/** Query string of the general plan list: `/products?view=all`. */
export const ALL_PLANS_SEARCH = 'view=all';

/**
 * Whether a query string (with or without its `?`) asks for the general plan list rather than
 * the countries view of `/` and `/products`. The router picks the screen by it, so the home page
 * never downloads the plan list's code.
 */
export function isAllPlansSearch(search: string): boolean {
  return new URLSearchParams(search).get('view') === 'all';
}
