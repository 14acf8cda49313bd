import type { PlanFacts, Product, UnlimitedTier } from '@esim/contract/catalog';
import type { Language } from '@esim/contract/languages';
import { planName } from '@esim/contract/plan-name';
import { destinationNames } from './country-names.ts';

/**
 * Plan names as the server writes them for travellers (page titles, e-mails): the shared
 * `planName` of `@esim/contract/plan-name` from the plan's facts in the reader's language, never
 * the catalogue's English `Product.name`, which is untranslated and carries tags like `[unlimited]`.
 */

/**
 * The name of a catalogue product in `lang`, e.g. 'Japan eSIM: Unlimited Plus, 1 day', or the
 * admin's display name when one is set (as written, in every language).
 * @param destination the destination's name in `lang` when the caller has it (the destination
 *   list's); else the CLDR name of `countryCode`.
 */
export function productPlanName(product: Product, lang: Language, destination?: string): string {
  if (product.displayName) return product.displayName;
  const { features } = product;
  return planName(
    {
      destination: destination ?? destinationNames(product.countryCode)[lang],
      data: features.bundleType === 'unlimited' ? null : features.dataMb,
      validityDays: features.validityDays,
      tier: features.bundleType === 'unlimited' ? (features.tier ?? 'unlimited') : null,
    },
    lang,
  );
}

/** The name of a plan once sold (an order line, a top-up, a portal bundle) in `lang`, from its frozen facts. */
export function soldPlanName(plan: PlanFacts, lang: Language): string {
  return planName(
    {
      destination: destinationNames(plan.countryCode)[lang],
      data: plan.dataAmount,
      validityDays: plan.validityDays,
      tier: plan.tier,
    },
    lang,
  );
}

/** A stored tier text (`products.tier`) as the contract's tier; `null` for anything else (fixed-data plans). */
export function asTier(value: string | null | undefined): UnlimitedTier | null {
  return value === 'unlimited' || value === 'unlimited_plus' ? value : null;
}
