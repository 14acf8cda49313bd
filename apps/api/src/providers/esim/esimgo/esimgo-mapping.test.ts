import { describe, expect, it } from 'vitest';
import { TokenBucket, retryAfterMs } from './esimgo-client.ts';
import {
  bytesFactorOf,
  bytesIn,
  decimalToCents,
  storeBytesOf,
  storeMbOf,
  stripScheme,
  tierOfName,
  toAssignments,
  toCatalogueBundle,
  toProfileState,
} from './esimgo-mapping.ts';

/** Pure mappings and client helpers of the eSIM Go adapter. */

describe('mapping', () => {
  it('turns decimal major units into cents without float drift', () => {
    expect(decimalToCents(0.29)).toBe(29);
    expect(decimalToCents(1.23)).toBe(123);
    expect(decimalToCents(19.99)).toBe(1999);
    expect(decimalToCents('4.10')).toBe(410);
    expect(decimalToCents(-1)).toBeUndefined();
    expect(decimalToCents('abc')).toBeUndefined();
  });

  it('reads tiers from names and strips SM-DP+ schemes', () => {
    expect(tierOfName('esim_UL_7D_TR_V2')).toBe('unlimited');
    expect(tierOfName('esim_ULP_7D_TR_V2')).toBe('unlimited_plus');
    expect(tierOfName('esim_1GB_7D_TR_V2')).toBeNull();
    expect(stripScheme('http://rsp.example.com')).toBe('rsp.example.com');
    expect(stripScheme('rsp.example.com')).toBe('rsp.example.com');
    expect(stripScheme('https://rsp.example.com/')).toBe('rsp.example.com');
  });

  it('classifies eSIM Go regional codes the store does not use by the countries covered', () => {
    const c = (iso: string) => ({ iso, name: iso, region: 'Europe' });
    const europe = toCatalogueBundle({
      name: 'esim_1GB_7D_REUP_V2',
      countries: ['FR', 'DE', 'IT', 'ES'].map(c),
      dataAmount: 1000,
      duration: 7,
      price: 2.5,
    });
    expect(europe).toMatchObject({ type: 'regional', countryCode: 'Europe+' });
    const world = toCatalogueBundle({
      name: 'esim_1GB_7D_RGBS_V2',
      countries: ['FR', 'JP', 'BR', 'US', 'ZA'].map(c),
      dataAmount: 1000,
      duration: 7,
      price: 9,
    });
    expect(world).toMatchObject({ type: 'global', countryCode: 'Global' });
    expect(
      toCatalogueBundle({ name: 'esim_UL_7D_TR_V2', countries: [c('TR')], dataAmount: -1, duration: 7, price: 10 }),
    ).toMatchObject({ dataMb: null, unlimited: true, tier: 'unlimited' });
    // Not sellable: no known country, no price.
    expect(
      toCatalogueBundle({
        name: 'esim_1GB_7D_XX_V2',
        countries: [{ iso: 'Narnia' }],
        dataAmount: 1000,
        duration: 7,
        price: 1,
      }),
    ).toBeUndefined();
    expect(
      toCatalogueBundle({ name: 'esim_1GB_7D_TR_V2', countries: [c('TR')], dataAmount: 1000, duration: 7 }),
    ).toBeUndefined();
  });

  it('maps profile and bundle states and assignments (bytes, oldest first)', () => {
    expect(toProfileState('Released')).toBe('released');
    expect(toProfileState('Installed')).toBe('installed');
    expect(toProfileState('Unavailable')).toBe('released');
    const assignments = toAssignments({
      bundles: [
        {
          name: 'b2',
          assignments: [
            {
              id: 2,
              initialQuantity: 1e9,
              remainingQuantity: 4e8,
              assignmentDateTime: '2026-01-02T00:00:00Z',
              bundleState: 'Active',
              unlimited: false,
            },
          ],
        },
        {
          name: 'b1',
          assignments: [
            {
              id: '1',
              initialQuantity: 5,
              remainingQuantity: 5,
              assignmentDateTime: '2026-01-01T00:00:00Z',
              bundleState: 'queued',
              unlimited: true,
            },
          ],
        },
      ],
    });
    expect(assignments.map((a) => [a.id, a.bundle, a.state, a.initialBytes, a.remainingBytes, a.usedBytes])).toEqual([
      ['1', 'b1', 'queued', null, null, 0],
      // eSIM Go's decimal bytes in the store's (2^30 a GB); used is the difference of the converted figures.
      [
        '2',
        'b2',
        'active',
        2 ** 30,
        storeBytesOf(4e8, bytesFactorOf(1e9)),
        2 ** 30 - storeBytesOf(4e8, bytesFactorOf(1e9)),
      ],
    ]);
  });

  it('converts eSIM Go decimal units to the store binary ones (1 GB = 1024 MB = 2^30 bytes)', () => {
    expect(storeMbOf(1000)).toBe(1024);
    expect(storeMbOf(3000)).toBe(3072);
    expect(storeMbOf(1500)).toBe(1536);
    expect(storeMbOf(500)).toBe(500);
    expect(storeMbOf(999)).toBe(999);
    expect(storeBytesOf(1e9)).toBe(2 ** 30);
    expect(storeBytesOf(5e9)).toBe(5 * 2 ** 30);
    expect(storeBytesOf(0)).toBe(0);
    // Already binary amounts stay; a bundle's byte counts share its allowance's factor.
    expect(storeMbOf(1024)).toBe(1024);
    expect(storeMbOf(5120)).toBe(5120);
    expect(storeBytesOf(2 ** 30)).toBe(2 ** 30);
    expect(storeBytesOf(5e8)).toBe(500 * 2 ** 20);
    const gb = bytesFactorOf(1e9);
    expect(bytesIn(4e8, gb)).toBe(storeBytesOf(4e8, gb));
    expect(bytesIn(1e9, gb)).toBe(2 ** 30);
    expect(bytesIn(-1, gb)).toBe(-1);
    expect(bytesIn(0, gb)).toBe(0);
    expect(bytesIn(undefined, gb)).toBeUndefined();
    expect(bytesIn(null, gb)).toBeNull();
    // The catalogue too: a 1GB bundle is 1024 MB in the store, a 500 MB one stays 500.
    const tr = (dataAmount: number) =>
      toCatalogueBundle({
        name: 'esim_1GB_7D_TR_V2',
        countries: [{ iso: 'TR', name: 'Turkey' }],
        dataAmount,
        duration: 7,
        price: 1,
      });
    expect(tr(1000)?.dataMb).toBe(1024);
    expect(tr(500)?.dataMb).toBe(500);
  });
});

describe('client helpers', () => {
  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(retryAfterMs('2')).toBe(2_000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
  });

  it('the token bucket lets a second of burst through, then one per 1/rate s', async () => {
    let now = 0;
    const waits: number[] = [];
    const bucket = new TokenBucket(
      10,
      () => now,
      async (ms) => {
        waits.push(ms);
        now += ms;
      },
    );
    for (let i = 0; i < 12; i++) await bucket.take();
    expect(waits).toEqual([100, 100]);
  });
});
