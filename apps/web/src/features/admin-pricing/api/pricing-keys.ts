/** Query keys of the pricing screen, all under `['admin-pricing']` so a change can refresh them together. */
export const PRICING_KEY = ['admin-pricing'] as const;
export const pricingSettingsKey = [...PRICING_KEY, 'settings'] as const;
export const pricingRunsKey = [...PRICING_KEY, 'runs'] as const;
export const productSearchKey = (q: string) => [...PRICING_KEY, 'search', q] as const;
export const priceExplanationKey = (id: number) => [...PRICING_KEY, 'explain', id] as const;
export const destinationsKey = [...PRICING_KEY, 'destinations'] as const;
