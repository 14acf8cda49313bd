import { describe, expect, it } from 'vitest';
import type { CatalogueBundle } from '../../providers/esim/esim-provider.ts';
import type { PricingRule } from './pricing/pricing.rules.ts';
import type { ProductRow } from './catalog.repository.ts';
import { bundleProblem, planSync, toUpsert } from './catalogue-sync.ts';

const RULES: PricingRule[] = [
  {
    id: 1,
    scope: 'all',
    scopeValue: null,
    markupBps: 10_000,
    fixedMarginCents: 0,
    endingCents: null,
    floorCents: 0,
    priority: 0,
    active: true,
  },
];

function bundle(name: string, over: Partial<CatalogueBundle> = {}): CatalogueBundle {
  return {
    name,
    description: `${name} plan`,
    countryCode: 'MT',
    type: 'local',
    countries: [{ iso: 'MT', name: 'Malta', region: 'Europe+', networks: [{ name: 'Epic', speeds: ['4G'] }] }],
    dataMb: 1000,
    unlimited: false,
    tier: null,
    durationDays: 7,
    priceCents: 300,
    ...over,
  };
}

let nextId = 1;
/** The stored product of a bundle as the last sync left it, with admin fields on top. */
function stored(b: CatalogueBundle, over: Partial<ProductRow> = {}): ProductRow {
  return {
    id: nextId++,
    ...toUpsert(b, RULES, undefined),
    tier: b.tier,
    dataMb: b.dataMb,
    imageUrl: null,
    active: true,
    discountPercent: 0,
    enabled: true,
    displayName: null,
    fixedPriceCents: null,
    featured: false,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    ...over,
  } as ProductRow;
}

describe('planSync', () => {
  it('adds, changes, retires and counts unchanged bundles, reporting the changed fields', () => {
    const a = bundle('esim_1GB_7D_MT_V2');
    const b = bundle('esim_3GB_7D_MT_V2', { dataMb: 3072 });
    const gone = bundle('esim_5GB_7D_MT_V2', { dataMb: 5120 });
    const existing = [stored(a), stored(b), stored(gone)];
    const plan = planSync(
      [a, { ...b, priceCents: 350 }, bundle('esim_10GB_7D_MT_V2', { dataMb: 10_240 })],
      existing,
      RULES,
    );
    expect(plan.counts).toEqual({ added: 1, changed: 1, retired: 1, unchanged: 1, errors: 0 });
    expect(plan.report.added).toEqual([
      { apiBundleName: 'esim_10GB_7D_MT_V2', name: 'Malta 10GB 7 Days [prepaid]', priceCents: 600 },
    ]);
    expect(plan.report.changed).toEqual([
      {
        apiBundleName: 'esim_3GB_7D_MT_V2',
        name: 'Malta 3GB 7 Days [prepaid]',
        fields: [
          { field: 'wholesaleCents', from: 300, to: 350 },
          { field: 'priceCents', from: 600, to: 700 },
        ],
      },
    ]);
    expect(plan.retire).toEqual(['esim_5GB_7D_MT_V2']);
    expect(plan.writes.map((w) => [w.upsert.apiBundleName, w.isNew, w.index])).toEqual([
      ['esim_3GB_7D_MT_V2', false, 1],
      ['esim_10GB_7D_MT_V2', true, 2],
    ]);
  });

  it('is idempotent: the same catalogue again changes nothing', () => {
    const bundles = [
      bundle('esim_1GB_7D_MT_V2'),
      bundle('esim_UL_7D_MT_V2', { unlimited: true, dataMb: null, tier: 'unlimited' }),
    ];
    const plan = planSync(
      bundles,
      bundles.map((b) => stored(b)),
      RULES,
    );
    expect(plan.counts).toEqual({ added: 0, changed: 0, retired: 0, unchanged: 2, errors: 0 });
    expect(plan.writes).toEqual([]);
  });

  it('keeps the stored price while the wholesale price stays (saving a rule reprices nothing), and the fixed price always', () => {
    const a = bundle('esim_1GB_7D_MT_V2');
    const doubled: PricingRule[] = [{ ...RULES[0]!, markupBps: 20_000 }];
    expect(planSync([a], [stored(a)], doubled).counts.unchanged).toBe(1);
    const fixed = stored(a, {
      fixedPriceCents: 1234,
      priceCents: 1234,
      displayName: 'Malta starter',
      featured: true,
      enabled: false,
      discountPercent: 15,
    });
    const plan = planSync([{ ...a, priceCents: 500 }], [fixed], doubled);
    expect(plan.writes[0]!.upsert).toMatchObject({ wholesaleCents: 500, priceCents: 1234 });
    // The admin's fields are not among what a sync writes.
    for (const field of ['displayName', 'fixedPriceCents', 'featured', 'enabled', 'discountPercent'])
      expect(plan.writes[0]!.upsert).not.toHaveProperty(field);
    expect(plan.report.changed[0]).toMatchObject({
      name: 'Malta starter',
      fields: [{ field: 'wholesaleCents', from: 300, to: 500 }],
    });
  });

  it('reports a bundle it cannot sell as an error, keeps its product, and goes on with the others', () => {
    const good = bundle('esim_1GB_7D_MT_V2');
    const bad = { ...bundle('esim_3GB_7D_MT_V2'), priceCents: -5, durationDays: 0 };
    const existing = [stored(good), stored(bundle('esim_3GB_7D_MT_V2'))];
    const plan = planSync([good, bad, { description: 'no name' }, good], existing, RULES);
    expect(plan.counts).toEqual({ added: 0, changed: 0, retired: 0, unchanged: 1, errors: 3 });
    expect(plan.report.errors).toEqual([
      { apiBundleName: 'esim_3GB_7D_MT_V2', message: expect.stringMatching(/^durationDays: .*; priceCents: /) },
      { apiBundleName: '#3', message: expect.stringContaining('name:') },
      {
        apiBundleName: 'esim_1GB_7D_MT_V2',
        message: 'listed more than once by the provider; the first listing is used',
      },
    ]);
    expect(plan.retire).toEqual([]);
  });

  it('checks the facts of a bundle', () => {
    expect(bundleProblem(bundle('esim_1GB_7D_MT_V2'))).toBeUndefined();
    expect(bundleProblem(bundle('esim_UL_1D_MT_V2', { unlimited: true, tier: null, dataMb: null }))).toMatch(
      /^dataMb: an unlimited bundle/,
    );
    expect(bundleProblem(bundle('bad name!'))).toMatch(/^name:/);
    expect(bundleProblem(bundle('esim_1GB_7D_MT_V2', { countries: [] }))).toMatch(/^countries:/);
    expect(bundleProblem(null)).toMatch(/^bundle:/);
  });
});
