import type { Product } from '@esim/contract/catalog';

/**
 * A local Turkey plan for the catalogue's unit tests: `dataMb` null makes an unlimited plan;
 * prices in cents, validity in days.
 */
export function plan(
  id: number,
  dataMb: number | null,
  days: number,
  priceCents: number,
  tier: 'unlimited' | 'unlimited_plus' | null = null,
): Product {
  return {
    productId: id,
    apiBundleName: `b${id}`,
    name: `p${id}`,
    description: '',
    priceCents,
    price: priceCents / 100,
    currency: 'USD',
    countryCode: 'TR',
    imageUrl: null,
    features: {
      bundleType: dataMb === null ? 'unlimited' : 'prepaid',
      dataMb,
      dataAmount: '',
      validityDays: days,
      validity: `${days}d`,
      tier,
      type: 'local',
      coveredCountries: ['TR'],
      networks: [],
      discountPercent: 0,
      hotspot: true,
    },
  };
}
