import type { PortalEsim } from '@esim/contract/portal';

/**
 * The portal's two tabs, 'Active & Pending' and 'Archived' (expired eSIMs appear under Archived,
 * `docs/product-rules.md#customer-portal-and-access-tokens`). The server decides with the
 * eSIM's `archived` flag (display states Expired and Archived), so the page never re-derives it.
 */
export const ESIM_TABS = ['current', 'archived'] as const;
export type EsimTab = (typeof ESIM_TABS)[number];

/** The eSIMs of each tab, in the order the server sent them. */
export function splitEsimsByTab<T extends Pick<PortalEsim, 'archived'>>(esims: readonly T[]): Record<EsimTab, T[]> {
  return {
    current: esims.filter((esim) => !esim.archived),
    archived: esims.filter((esim) => esim.archived),
  };
}

/** The tab shown first: 'Active & Pending', unless it is empty and 'Archived' is not. */
export function initialEsimTab(split: Record<EsimTab, readonly unknown[]>): EsimTab {
  return split.current.length === 0 && split.archived.length > 0 ? 'archived' : 'current';
}
