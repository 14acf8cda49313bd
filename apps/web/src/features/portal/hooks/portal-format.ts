import { formatDataAmount } from '@esim/contract/format';
import type { PortalBundle, PortalEsim } from '@esim/contract/portal';

/**
 * Display helpers of the portal: dates in the interface language (`Intl.DateTimeFormat`), data
 * amounts in MB or GB (`docs/product-rules.md#plan-names-and-data-amounts-on-screen`), and the plan facts of an eSIM. Pure functions.
 */

/** A destination as the portal shows it: name in the interface language and flag code (`null` for regions). */
export interface Destination {
  name: string;
  flag: string | null;
}

/** An ISO 8601 date formatted by `format`; `null` when missing or not a date. */
export function formatIso(iso: string | null | undefined, format: Intl.DateTimeFormat): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : format.format(date);
}

/** The plan the eSIM was bought with: its main bundle, else its first bundle; `undefined` when it has none yet. */
export function mainBundleOf(esim: Pick<PortalEsim, 'bundles'>): PortalBundle | undefined {
  return esim.bundles.find((b) => b.kind === 'main') ?? esim.bundles[0];
}

/** The main bundle first, then the top-ups in the order they were added (as the server sends them). */
export function splitBundles(bundles: readonly PortalBundle[]): {
  main: PortalBundle | undefined;
  topups: PortalBundle[];
} {
  const main = bundles.find((b) => b.kind === 'main');
  return { main, topups: bundles.filter((b) => b !== main) };
}

/**
 * A data allowance as sold ('1GB', '500MB', 'Unlimited') in MB or GB; `unlimited`
 * is what the page shows for unlimited plans (translated).
 */
export function dataAmountText(amount: string, unlimited: string): string {
  return /unlimited/i.test(amount) ? unlimited : formatDataAmount(amount);
}
