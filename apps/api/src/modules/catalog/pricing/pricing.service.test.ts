import type { CreatePricingSetting } from '@esim/contract/admin-pricing';
import { describe, expect, it } from 'vitest';
import { FakePricingRepository } from './pricing.repository.fake.ts';
import type { PriceWrite } from './pricing.repository.ts';
import { PricingService, rulesVersion } from './pricing.service.ts';
import { DEFAULT_PRICING_RULE } from './pricing.rules.ts';

/**
 * The pricing rules of `PricingService` (docs/product-rules.md "Catalogue sync and pricing
 * rules": margins, rounding, floors, precedence, recalculation and its dry run, the explanation
 * of a price) on an in-memory repository: no database. Money is integer US cents. The HTTP side
 * and the real SQL stay in `pricing.routes.test.ts`.
 */

const START = Date.parse('2027-03-01T10:00:00.000Z');

function setup() {
  let now = START;
  const repo = new FakePricingRepository(() => new Date(now));
  let invalidated = 0;
  const service = new PricingService({ repo, invalidateCatalogue: () => invalidated++ });
  return {
    repo,
    service,
    invalidated: () => invalidated,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

type Setup = ReturnType<typeof setup>;

/** A rule as the admin sends it, with the contract's defaults for what is not named. */
function rule(r: Partial<CreatePricingSetting> & Pick<CreatePricingSetting, 'scope'>): CreatePricingSetting {
  return {
    name: `${r.scope} ${r.scopeValue ?? ''}`.trim(),
    markupBps: 0,
    fixedMarginCents: 0,
    endingCents: null,
    floorCents: 0,
    priority: 0,
    active: true,
    ...r,
  };
}

/** The catalogue the tests price: two Turkey plans, one Germany plan, one Japan unlimited plan, one Global plan. */
function catalogue(t: Setup) {
  return {
    tr1: t.repo.addProduct({ apiBundleName: 'esim_1GB_7D_TR_V2', wholesaleCents: 200, priceCents: 200 }),
    tr3: t.repo.addProduct({
      apiBundleName: 'esim_3GB_30D_TR_V2',
      dataMb: 3072,
      validityDays: 30,
      wholesaleCents: 500,
      priceCents: 500,
    }),
    de1: t.repo.addProduct({ apiBundleName: 'esim_1GB_7D_DE_V2', countryCode: 'DE', wholesaleCents: 180 }),
    jp: t.repo.addProduct({
      apiBundleName: 'esim_ULE_7D_JP_V2',
      countryCode: 'JP',
      bundleType: 'unlimited',
      tier: 'unlimited',
      dataMb: null,
      wholesaleCents: 900,
    }),
    global: t.repo.addProduct({
      apiBundleName: 'esim_5GB_30D_GLOBAL_V2',
      countryCode: 'Global',
      coverageType: 'global',
      dataMb: 5120,
      validityDays: 30,
      wholesaleCents: 1500,
    }),
  };
}

describe('the price a rule gives (margins, rounding, floors)', () => {
  it('applies markup, then the fixed margin, then rounds up to the ending, then the floor', async () => {
    const t = setup();
    const { tr1 } = catalogue(t);
    await t.service.create({ ...DEFAULT_PRICING_RULE, scopeValue: undefined });
    const { steps, computedPriceCents } = await t.service.explain(String(tr1.id));
    // 200 x 1.80 = 360, + 50 = 410, up to x.99 = 499, at least 199.
    expect(steps.map((s) => [s.kind, s.afterCents, s.applied])).toEqual([
      ['wholesale', 200, true],
      ['markup', 360, true],
      ['fixed_margin', 410, true],
      ['ending', 499, true],
      ['floor', 499, false],
    ]);
    expect(computedPriceCents).toBe(499);
  });

  it('rounds a fractional cent of the markup up, so every price is whole US cents', async () => {
    const t = setup();
    const p = t.repo.addProduct({ wholesaleCents: 101 });
    await t.service.create(rule({ scope: 'all', markupBps: 3_333 }));
    // 101 x 1.3333 = 134.66 cents.
    expect((await t.service.explain(String(p.id))).computedPriceCents).toBe(135);
  });

  it('keeps a price that already has the ending, and raises one that has passed it to the next', async () => {
    const t = setup();
    const exact = t.repo.addProduct({ wholesaleCents: 299 });
    const past = t.repo.addProduct({ wholesaleCents: 300 });
    await t.service.create(rule({ scope: 'all', endingCents: 99 }));
    expect((await t.service.explain(String(exact.id))).computedPriceCents).toBe(299);
    expect((await t.service.explain(String(past.id))).computedPriceCents).toBe(399);
  });

  it('never goes below the floor: a cheap plan is sold at the floor price', async () => {
    const t = setup();
    const cheap = t.repo.addProduct({ wholesaleCents: 50 });
    await t.service.create(rule({ scope: 'all', markupBps: 1_000, floorCents: 199 }));
    const { steps } = await t.service.explain(String(cheap.id));
    expect(steps.at(-1)).toEqual({ kind: 'floor', beforeCents: 55, afterCents: 199, value: 199, applied: true });
  });

  it('sells at wholesale when no active rule matches, and says so', async () => {
    const t = setup();
    const { tr1 } = catalogue(t);
    await t.service.create(rule({ scope: 'country', scopeValue: 'DE', markupBps: 5_000 }));
    await t.service.create(rule({ scope: 'all', markupBps: 5_000, active: false }));
    const explained = await t.service.explain(String(tr1.id));
    expect(explained.winner).toBeNull();
    expect(explained.steps.map((s) => s.kind)).toEqual(['wholesale', 'no_rule']);
    expect(explained.computedPriceCents).toBe(200);
    expect(explained.candidates.map((c) => c.outcome)).toEqual(['inactive']);
  });
});

describe('which rule wins (precedence)', () => {
  it('picks the most specific scope: bundle, then country, then region, then bundle type, then all', async () => {
    const t = setup();
    const { tr1, tr3, de1, jp, global } = catalogue(t);
    const all = await t.service.create(rule({ scope: 'all', markupBps: 1_000 }));
    const type = await t.service.create(rule({ scope: 'bundle_type', scopeValue: 'unlimited', markupBps: 2_000 }));
    const region = await t.service.create(rule({ scope: 'region', scopeValue: 'Europe+', markupBps: 3_000 }));
    const country = await t.service.create(rule({ scope: 'country', scopeValue: 'TR', markupBps: 4_000 }));
    const bundle = await t.service.create(rule({ scope: 'bundle', scopeValue: 'esim_1GB_7D_TR_V2', markupBps: 5_000 }));
    const winner = async (id: number) => (await t.service.explain(String(id))).winner?.id;
    expect(await winner(tr1.id)).toBe(bundle.id);
    expect(await winner(tr3.id)).toBe(country.id);
    expect(await winner(de1.id)).toBe(region.id);
    expect(await winner(jp.id)).toBe(type.id);
    expect(await winner(global.id)).toBe(all.id);
    const { candidates } = await t.service.explain(String(tr1.id));
    expect(candidates.map((c) => [c.rule.id, c.outcome])).toEqual([
      [bundle.id, 'winner'],
      [country.id, 'less_specific'],
      [region.id, 'less_specific'],
      [all.id, 'less_specific'],
    ]);
  });

  it('between rules of one scope, the higher priority wins, then the older rule', async () => {
    const t = setup();
    const { tr1 } = catalogue(t);
    const low = await t.service.create(rule({ scope: 'country', scopeValue: 'TR', markupBps: 1_000, priority: 0 }));
    const high = await t.service.create(rule({ scope: 'country', scopeValue: 'TR', markupBps: 2_000, priority: 5 }));
    const same = await t.service.create(
      rule({ scope: 'country', scopeValue: 'TR', markupBps: 3_000, priority: 5, active: false }),
    );
    await t.service.update(same.id, { active: true, priority: 4 });
    const twin = await t.service.create(rule({ scope: 'country', scopeValue: 'TR', priority: 5, active: false }));
    const { winner, candidates, computedPriceCents } = await t.service.explain(String(tr1.id));
    expect(winner?.id).toBe(high.id);
    expect(computedPriceCents).toBe(240);
    expect(candidates.map((c) => [c.rule.id, c.outcome])).toEqual([
      [high.id, 'winner'],
      [same.id, 'lower_priority'],
      [low.id, 'lower_priority'],
      [twin.id, 'inactive'],
    ]);
  });

  it("keeps the admin's fixed price whatever the rules say", async () => {
    const t = setup();
    const fixed = t.repo.addProduct({ wholesaleCents: 200, priceCents: 999, fixedPriceCents: 999 });
    const all = await t.service.create(rule({ scope: 'all', markupBps: 10_000 }));
    const explained = await t.service.explain(String(fixed.id));
    expect(explained.steps.map((s) => [s.kind, s.afterCents])).toEqual([
      ['wholesale', 200],
      ['fixed_price', 999],
    ]);
    expect(explained.candidates).toEqual([
      { rule: expect.objectContaining({ id: all.id }), outcome: 'overridden_by_fixed_price' },
    ]);
    expect(explained.pending).toBe(false);
  });

  it('lists the rules in the order they win', async () => {
    const t = setup();
    catalogue(t);
    const a = await t.service.create(rule({ scope: 'all' }));
    const c = await t.service.create(rule({ scope: 'country', scopeValue: 'TR' }));
    const c2 = await t.service.create(rule({ scope: 'country', scopeValue: 'DE', priority: 3 }));
    const b = await t.service.create(rule({ scope: 'bundle', scopeValue: 'esim_1GB_7D_DE_V2' }));
    const r = await t.service.create(rule({ scope: 'region', scopeValue: 'Asia' }));
    const { settings } = await t.service.list();
    expect(settings.map((s) => s.id)).toEqual([b.id, c2.id, c.id, r.id, a.id]);
  });
});

describe('rules as the admin writes them', () => {
  it('writes scope values as the catalogue spells them, whatever the case', async () => {
    const t = setup();
    catalogue(t);
    const created = await Promise.all([
      t.service.create(rule({ scope: 'country', scopeValue: ' tr ' })),
      t.service.create(rule({ scope: 'region', scopeValue: 'europe+' })),
      t.service.create(rule({ scope: 'bundle_type', scopeValue: 'Unlimited' })),
      t.service.create(rule({ scope: 'bundle', scopeValue: 'ESIM_1GB_7D_DE_V2' })),
      t.service.create(rule({ scope: 'country', scopeValue: 'global' })),
    ]);
    expect(created.map((s) => s.scopeValue)).toEqual(['TR', 'Europe+', 'unlimited', 'esim_1GB_7D_DE_V2', 'Global']);
  });

  it('refuses a scope value that is missing, unknown to the catalogue, or given for scope all (400 scopeValue)', async () => {
    const t = setup();
    catalogue(t);
    for (const bad of [
      rule({ scope: 'all', scopeValue: 'TR' }),
      rule({ scope: 'country' }),
      rule({ scope: 'country', scopeValue: 'FR' }),
      rule({ scope: 'region', scopeValue: 'Europe' }),
      rule({ scope: 'bundle_type', scopeValue: 'postpaid' }),
      rule({ scope: 'bundle', scopeValue: 'esim_9GB_7D_TR_V2' }),
    ]) {
      await expect(t.service.create(bad), JSON.stringify(bad)).rejects.toMatchObject({
        status: 400,
        field: 'scopeValue',
      });
    }
    expect(t.repo.settingRows).toHaveLength(0);
  });

  it('refuses a second active rule with the same scope, value and priority, since one would never apply', async () => {
    const t = setup();
    catalogue(t);
    const first = await t.service.create(rule({ scope: 'country', scopeValue: 'TR' }));
    await expect(t.service.create(rule({ scope: 'country', scopeValue: 'tr' }))).rejects.toMatchObject({
      status: 409,
      code: 'duplicate_rule',
      field: 'priority',
    });
    // Inactive, or of another priority: no tie.
    const off = await t.service.create(rule({ scope: 'country', scopeValue: 'TR', active: false }));
    await t.service.create(rule({ scope: 'country', scopeValue: 'TR', priority: 1 }));
    await expect(t.service.update(off.id, { active: true })).rejects.toMatchObject({ code: 'duplicate_rule' });
    await expect(t.service.update(first.id, { name: 'Turkey' })).resolves.toMatchObject({
      after: { name: 'Turkey', scopeValue: 'TR' },
    });
  });

  it('changes only the fields sent, checks the result as a whole, and clears the value for scope all', async () => {
    const t = setup();
    catalogue(t);
    const made = await t.service.create(
      rule({ scope: 'country', scopeValue: 'TR', markupBps: 1_000, endingCents: 99 }),
    );
    const { before, after } = await t.service.update(made.id, { markupBps: 2_000 });
    expect(before).toMatchObject({ markupBps: 1_000, endingCents: 99 });
    expect(after).toMatchObject({ markupBps: 2_000, endingCents: 99, scope: 'country', scopeValue: 'TR' });
    await expect(t.service.update(made.id, { scope: 'region' })).rejects.toMatchObject({ field: 'scopeValue' });
    expect((await t.service.update(made.id, { scope: 'all' })).after).toMatchObject({ scope: 'all', scopeValue: null });
    expect((await t.service.update(made.id, { endingCents: null })).after.endingCents).toBeNull();
    await expect(t.service.update(999, { name: 'x' })).rejects.toMatchObject({ status: 404, field: 'id' });
    await expect(t.service.remove(999)).rejects.toMatchObject({ status: 404 });
    expect((await t.service.remove(made.id)).id).toBe(made.id);
    expect(await t.service.find(made.id)).toBeUndefined();
  });

  it('reprices nothing when a rule is saved: the storefront keeps its prices until a run is applied', async () => {
    const t = setup();
    const { tr1 } = catalogue(t);
    await t.service.create(rule({ scope: 'all', markupBps: 5_000 }));
    expect((await t.repo.productById(tr1.id))?.priceCents).toBe(200);
    expect(t.invalidated()).toBe(0);
    expect((await t.service.explain(String(tr1.id))).pending).toBe(true);
  });
});

describe('rules version', () => {
  it('changes with any field that can move a price, not with a rule’s name', async () => {
    const t = setup();
    catalogue(t);
    const made = await t.service.create(rule({ scope: 'all', markupBps: 1_000 }));
    const v1 = (await t.service.list()).rulesVersion;
    await t.service.update(made.id, { name: 'Renamed' });
    expect((await t.service.list()).rulesVersion).toBe(v1);
    await t.service.update(made.id, { floorCents: 1 });
    expect((await t.service.list()).rulesVersion).not.toBe(v1);
    expect(rulesVersion([])).toMatch(/^[0-9a-f]{16}$/);
  });

  it('tells whether the rules changed since the last applied run', async () => {
    const t = setup();
    catalogue(t);
    const made = await t.service.create(rule({ scope: 'all', markupBps: 1_000 }));
    expect((await t.service.list()).changedSinceLastRun).toBeNull();
    await t.service.recalculate({ dryRun: false, actor: 'admin:ada' });
    expect(await t.service.list()).toMatchObject({
      changedSinceLastRun: false,
      lastRun: { actor: 'admin:ada', ruleCount: 1 },
    });
    await t.service.update(made.id, { markupBps: 1_500 });
    expect((await t.service.list()).changedSinceLastRun).toBe(true);
  });
});

describe('recalculation', () => {
  it('previews without changing anything (dry run): no price, no run, no catalogue reload', async () => {
    const t = setup();
    const { tr1, tr3 } = catalogue(t);
    await t.service.create(rule({ scope: 'country', scopeValue: 'TR', markupBps: 5_000 }));
    const report = await t.service.recalculate({ dryRun: true, actor: 'admin:ada' });
    expect(report).toMatchObject({ dryRun: true, run: null, actor: 'admin:ada', netChangeCents: 100 + 250 });
    expect(report.counts).toMatchObject({
      checked: 5,
      changed: 2,
      up: 2,
      down: 0,
      unchanged: 3,
      noRule: 3,
      fixedPrice: 0,
    });
    // Largest change first.
    expect(report.changes.map((c) => [c.productId, c.oldPriceCents, c.newPriceCents])).toEqual([
      [tr3.id, 500, 750],
      [tr1.id, 200, 300],
    ]);
    expect((await t.repo.productById(tr1.id))?.priceCents).toBe(200);
    expect(t.repo.runRows).toHaveLength(0);
    expect(t.invalidated()).toBe(0);
  });

  it('applies what the preview showed, records the run with the rules as they were, and reloads the storefront', async () => {
    const t = setup();
    const { tr1, tr3 } = catalogue(t);
    const made = await t.service.create(rule({ scope: 'country', scopeValue: 'TR', markupBps: 5_000 }));
    const preview = await t.service.recalculate({ dryRun: true, actor: 'admin:ada' });
    const applied = await t.service.recalculate({
      dryRun: false,
      actor: 'admin:ada',
      rulesVersion: preview.rulesVersion,
    });
    expect(applied.changes).toEqual(preview.changes);
    expect(applied.run).toMatchObject({ actor: 'admin:ada', checked: 5, changed: 2, ruleCount: 1 });
    expect((await t.repo.productById(tr1.id))?.priceCents).toBe(300);
    expect((await t.repo.productById(tr3.id))?.priceCents).toBe(750);
    expect(t.invalidated()).toBe(1);
    expect((await t.service.recalculate({ dryRun: true, actor: 'system' })).counts.changed).toBe(0);
    // The run keeps the rules it applied, whatever happens to them later.
    await t.service.update(made.id, { markupBps: 0 });
    expect(t.repo.runRows[0]?.rules).toEqual([expect.objectContaining({ id: made.id, markupBps: 5_000 })]);
  });

  it('refuses to apply a preview whose rules changed since (409 rules_changed) and changes nothing', async () => {
    const t = setup();
    const { tr1 } = catalogue(t);
    const made = await t.service.create(rule({ scope: 'all', markupBps: 5_000 }));
    const preview = await t.service.recalculate({ dryRun: true, actor: 'admin:ada' });
    await t.service.update(made.id, { markupBps: 9_000 });
    await expect(
      t.service.recalculate({ dryRun: false, actor: 'admin:ada', rulesVersion: preview.rulesVersion }),
    ).rejects.toMatchObject({ status: 409, code: 'rules_changed', field: 'rulesVersion' });
    expect((await t.repo.productById(tr1.id))?.priceCents).toBe(200);
    expect(t.repo.runRows).toHaveLength(0);
    expect(t.invalidated()).toBe(0);
  });

  it('keeps fixed prices, and warns of products on sale below wholesale and of larger plans that cost less', async () => {
    const t = setup();
    const { tr1, tr3 } = catalogue(t);
    const fixed = t.repo.addProduct({ wholesaleCents: 800, priceCents: 700, fixedPriceCents: 700, countryCode: 'DE' });
    const offSale = t.repo.addProduct({ wholesaleCents: 800, priceCents: 900, fixedPriceCents: 600, enabled: false });
    await t.service.create(rule({ scope: 'bundle', scopeValue: 'esim_1GB_7D_TR_V2', fixedMarginCents: 600 }));
    const report = await t.service.recalculate({ dryRun: true, actor: 'admin:ada' });
    expect(report.counts).toMatchObject({ fixedPrice: 2, belowWholesale: 1, ladderViolations: 1 });
    // The fixed price wins over the stored one; largest change first.
    expect(report.changes.map((c) => [c.productId, c.newPriceCents])).toEqual([
      [tr1.id, 800],
      [offSale.id, 600],
    ]);
    expect(report.belowWholesale).toEqual([
      expect.objectContaining({ productId: fixed.id, priceCents: 700, wholesaleCents: 800, fixedPrice: true }),
    ]);
    // 1 GB / 7 days at 8.00 costs more than 3 GB / 30 days at 5.00.
    expect(report.ladderViolations).toEqual([
      expect.objectContaining({
        countryCode: 'TR',
        smaller: expect.objectContaining({ productId: tr1.id, priceCents: 800 }),
        larger: expect.objectContaining({ productId: tr3.id, priceCents: 500 }),
      }),
    ]);
  });

  it('leaves a product changed by a sync while the run worked with that change, and reports what it wrote', async () => {
    const t = setup();
    const { tr1, tr3 } = catalogue(t);
    await t.service.create(rule({ scope: 'country', scopeValue: 'TR', markupBps: 5_000 }));
    // A sync changes tr3's wholesale price between the run's read and its write.
    const write = t.repo.writePrices.bind(t.repo);
    t.repo.writePrices = async (writes: readonly PriceWrite[]) => {
      t.repo.productRows.find((p) => p.id === tr3.id)!.wholesaleCents = 520;
      return write(writes);
    };
    const report = await t.service.recalculate({ dryRun: false, actor: 'sync' });
    expect(report.changes.map((c) => c.productId)).toEqual([tr1.id]);
    expect(report.counts).toMatchObject({ changed: 1, unchanged: 4, up: 1 });
    expect(report.netChangeCents).toBe(100);
    expect(report.run).toMatchObject({ changed: 1 });
    expect((await t.repo.productById(tr3.id))?.priceCents).toBe(500);
  });
});

describe('why this price?', () => {
  it('finds the product by id or by bundle name in any case, and answers 404 otherwise', async () => {
    const t = setup();
    const { de1 } = catalogue(t);
    expect((await t.service.explain('ESIM_1GB_7D_DE_V2')).product.productId).toBe(de1.id);
    expect((await t.service.explain(String(de1.id))).region).toBe('Europe+');
    for (const missing of ['9999', '99999999999', 'esim_none']) {
      await expect(t.service.explain(missing)).rejects.toMatchObject({ status: 404, field: 'id' });
    }
  });

  it('matches a Global plan by no region, and a regional plan by its own region', async () => {
    const t = setup();
    const { global } = catalogue(t);
    const europe = t.repo.addProduct({ countryCode: 'Europe+', coverageType: 'regional', wholesaleCents: 1000 });
    const region = await t.service.create(rule({ scope: 'region', scopeValue: 'Europe+', markupBps: 1_000 }));
    expect(await t.service.explain(String(global.id))).toMatchObject({ region: null, winner: null });
    expect(await t.service.explain(String(europe.id))).toMatchObject({
      region: 'Europe+',
      winner: { id: region.id },
      computedPriceCents: 1_100,
    });
  });
});
