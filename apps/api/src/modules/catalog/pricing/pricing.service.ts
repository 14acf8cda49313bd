import { createHash } from 'node:crypto';
import {
  type AdminProduct,
  type CreatePricingSetting,
  PRICING_BUNDLE_TYPES,
  type PriceExplanation,
  type PricingBundleType,
  type PricingRun,
  type PricingScope,
  type PricingSetting,
  type PricingSettingsResponse,
  type RecalculationReport,
  type UpdatePricingSetting,
} from '@esim/contract/admin-pricing';
import { REGION_NAMES } from '@esim/contract/regions';
import { ConflictError, NotFoundError, ValidationError } from '../../../lib/errors.ts';
import { type PricingProduct, planRecalculation, pricedItem, regionOfDestination } from './pricing.plan.ts';
import type {
  PricingProductRow,
  PricingRepository,
  PricingRunRow,
  PricingSettingRow,
  PricingSettingValues,
} from './pricing.repository.ts';
import { type PricingRule, productPriceSteps, ruleOutcomes, selectRule } from './pricing.rules.ts';

/**
 * What {@link PricingService} needs of its storage: `PricingRepository`, or an in-memory fake in
 * unit tests (`pricing.repository.fake.ts`). `locked` hands its work a store of the same kind.
 */
export interface PricingStore extends Pick<
  PricingRepository,
  | 'settings'
  | 'setting'
  | 'insertSetting'
  | 'updateSetting'
  | 'deleteSetting'
  | 'activeTwin'
  | 'destinationCodes'
  | 'bundleName'
  | 'allProducts'
  | 'productById'
  | 'productByBundleName'
  | 'searchProducts'
  | 'writePrices'
  | 'insertRun'
  | 'runs'
> {
  locked<T>(work: (repo: PricingStore) => Promise<T>): Promise<T>;
}

/** What {@link PricingService} needs. */
export interface PricingServiceDeps {
  repo: PricingStore;
  /** Drops the storefront's catalogue snapshot (`CatalogService.invalidate`), so new prices show at once. */
  invalidateCatalogue: () => void;
}

/** Who runs a recalculation: `admin:<username>`, `sync` (after a catalogue sync) or `system`. */
export type PricingActor = string;

/** The fields of a rule that decide prices (not its name or times). */
const PRICE_FIELDS = [
  'id',
  'scope',
  'scopeValue',
  'markupBps',
  'fixedMarginCents',
  'endingCents',
  'floorCents',
  'priority',
  'active',
] as const;

/**
 * A version of the rules: the first 16 hex digits of the SHA-256 of their price-deciding fields,
 * by id. Renaming a rule keeps it; any change that can move a price changes it.
 */
export function rulesVersion(rules: readonly Pick<PricingSetting, (typeof PRICE_FIELDS)[number]>[]): string {
  const canonical = [...rules].sort((a, b) => a.id - b.id).map((r) => PRICE_FIELDS.map((f) => r[f] ?? null));
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex').slice(0, 16);
}

function toSetting(row: PricingSettingRow): PricingSetting {
  return {
    ...row,
    scope: row.scope as PricingScope,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toRule(row: PricingSettingRow | PricingSetting): PricingRule {
  return { ...row, scope: row.scope as PricingScope };
}

function toRun(row: PricingRunRow): PricingRun {
  return {
    id: row.id,
    actor: row.actor,
    at: row.at.toISOString(),
    checked: row.checked,
    changed: row.changed,
    belowWholesale: row.belowWholesale,
    ladderViolations: row.ladderViolations,
    ruleCount: row.rules.length,
  };
}

function toPricingProduct(row: PricingProductRow): PricingProduct {
  return {
    id: row.id,
    apiBundleName: row.apiBundleName,
    name: row.displayName ?? row.name,
    countryCode: row.countryCode,
    bundleType: row.bundleType === 'unlimited' ? 'unlimited' : 'prepaid',
    dataMb: row.dataMb,
    tier: row.tier,
    validityDays: row.validityDays,
    wholesaleCents: row.wholesaleCents,
    priceCents: row.priceCents,
    fixedPriceCents: row.fixedPriceCents,
    onSale: row.active && row.enabled,
  };
}

function toAdminProduct(row: PricingProductRow): AdminProduct {
  const p = toPricingProduct(row);
  return {
    productId: p.id,
    apiBundleName: p.apiBundleName,
    name: row.name,
    displayName: row.displayName,
    countryCode: p.countryCode,
    bundleType: p.bundleType,
    coverageType: row.coverageType,
    dataMb: p.dataMb,
    tier: p.tier,
    validityDays: p.validityDays,
    wholesaleCents: p.wholesaleCents,
    priceCents: row.priceCents,
    fixedPriceCents: row.fixedPriceCents,
    active: row.active,
    enabled: row.enabled,
    onSale: p.onSale,
  };
}

/** Most specific scope first, then the higher priority, then the older rule (the order rules win in). */
function byPrecedence(a: PricingSetting, b: PricingSetting): number {
  const order: readonly PricingScope[] = ['bundle', 'country', 'region', 'bundle_type', 'all'];
  return order.indexOf(a.scope) - order.indexOf(b.scope) || b.priority - a.priority || a.id - b.id;
}

/**
 * Pricing (docs/product-rules.md#catalogue-sync-and-pricing-rules): the rules, recalculation
 * with a dry run, the history of runs and the explanation of a product's price. Saving a rule
 * reprices nothing: the admin previews the recalculation (`dryRun`) and applies it. Knows
 * neither HTTP nor SQL; numbers come from `pricing.rules.ts` and `pricing.plan.ts`.
 */
export class PricingService {
  constructor(private readonly deps: PricingServiceDeps) {}

  private get repo(): PricingStore {
    return this.deps.repo;
  }

  /** `GET /api/pricing-settings`: every rule in the order they win, the rules' version, the last run and whether the rules changed since. */
  async list(): Promise<PricingSettingsResponse> {
    const [rows, [last]] = await Promise.all([this.repo.settings(), this.repo.runs(1)]);
    const settings = rows.map(toSetting).sort(byPrecedence);
    const version = rulesVersion(settings);
    return {
      settings,
      rulesVersion: version,
      lastRun: last ? toRun(last) : null,
      changedSinceLastRun: last ? rulesVersion(last.rules as PricingSetting[]) !== version : null,
    };
  }

  /** One rule, or undefined (for the audit log's "before"). */
  async find(id: number): Promise<PricingSetting | undefined> {
    const row = await this.repo.setting(id);
    return row ? toSetting(row) : undefined;
  }

  /**
   * Creates a rule (it reprices nothing until a recalculation is applied).
   * @throws ValidationError 400 `scopeValue` when the value is missing, present for `all`, or not known for its scope.
   * @throws ConflictError 409 `duplicate_rule` (field `priority`) when another active rule has the same scope, value and priority.
   */
  async create(body: CreatePricingSetting): Promise<PricingSetting> {
    return this.repo.locked(async (repo) => {
      const values: PricingSettingValues = {
        name: body.name,
        scope: body.scope,
        scopeValue: await this.scopeValueFor(repo, body.scope, body.scopeValue ?? null),
        markupBps: body.markupBps,
        fixedMarginCents: body.fixedMarginCents,
        endingCents: body.endingCents,
        floorCents: body.floorCents,
        priority: body.priority,
        active: body.active,
      };
      await this.assertNoTwin(repo, values);
      return toSetting(await repo.insertSetting(values));
    });
  }

  /**
   * Changes a rule. A new `scope` is checked with the `scopeValue` given or kept (`all` clears it).
   * @returns the rule before and after.
   * @throws NotFoundError 404 for an unknown id; ValidationError and ConflictError as {@link create}.
   */
  async update(id: number, patch: UpdatePricingSetting): Promise<{ before: PricingSetting; after: PricingSetting }> {
    return this.repo.locked(async (repo) => {
      const row = await repo.setting(id);
      if (!row) throw new NotFoundError(`No pricing setting ${id}`, 'id');
      const scope = patch.scope ?? (row.scope as PricingScope);
      const givenValue = patch.scopeValue !== undefined ? patch.scopeValue : scope === 'all' ? null : row.scopeValue;
      const scopeValue = await this.scopeValueFor(repo, scope, givenValue);
      const next: PricingSettingValues = {
        name: patch.name ?? row.name,
        scope,
        scopeValue,
        markupBps: patch.markupBps ?? row.markupBps,
        fixedMarginCents: patch.fixedMarginCents ?? row.fixedMarginCents,
        endingCents: patch.endingCents !== undefined ? patch.endingCents : row.endingCents,
        floorCents: patch.floorCents ?? row.floorCents,
        priority: patch.priority ?? row.priority,
        active: patch.active ?? row.active,
      };
      await this.assertNoTwin(repo, next, id);
      const updated = await repo.updateSetting(id, next);
      if (!updated) throw new NotFoundError(`No pricing setting ${id}`, 'id');
      return { before: toSetting(row), after: toSetting(updated) };
    });
  }

  /**
   * Deletes a rule (products it priced keep their price until a recalculation is applied).
   * @returns the rule as it was.
   * @throws NotFoundError 404 for an unknown id.
   */
  async remove(id: number): Promise<PricingSetting> {
    const row = await this.repo.locked((repo) => repo.deleteSetting(id));
    if (!row) throw new NotFoundError(`No pricing setting ${id}`, 'id');
    return toSetting(row);
  }

  /**
   * Reprices every product with `productPriceCents` (the admin's fixed price wins) and reports
   * what changes: per changed product the old and new price and wholesale, counts, products on
   * sale below wholesale, and ladder violations (`pricing.plan.ts`).
   *
   * - `dryRun: true` changes nothing (no price, no `pricing_runs` row) and returns the report.
   * - Otherwise, in one transaction holding the pricing lock: reads the rules and products,
   *   writes the new prices (each only if the product did not change meanwhile), records a
   *   `pricing_runs` row (actor, counts, the rules as they were), then drops the storefront's
   *   catalogue snapshot so the new prices show at once. Returns the same report with `run`.
   *
   * The catalogue part calls it after a sync with `actor: 'sync'`.
   * @param rulesVersion the version a preview showed: the run refuses if the rules changed since.
   * @throws ConflictError 409 `rules_changed` (field `rulesVersion`) when they did.
   */
  async recalculate(opts: {
    dryRun: boolean;
    actor: PricingActor;
    rulesVersion?: string | undefined;
  }): Promise<RecalculationReport> {
    if (opts.dryRun) {
      const [rules, rows] = await Promise.all([this.repo.settings(), this.repo.allProducts()]);
      return this.report(rules, rows, opts, null);
    }
    const report = await this.repo.locked(async (repo) => {
      const [rules, rows] = await Promise.all([repo.settings(), repo.allProducts()]);
      const draft = this.report(rules, rows, opts, null);
      const before = new Map(rows.map((r) => [r.id, r]));
      const written = new Set(
        await repo.writePrices(
          draft.changes.map((c) => {
            const row = before.get(c.productId)!;
            return {
              id: c.productId,
              priceCents: c.newPriceCents,
              oldPriceCents: c.oldPriceCents,
              wholesaleCents: row.wholesaleCents,
              fixedPriceCents: row.fixedPriceCents,
            };
          }),
        ),
      );
      // A product changed by a sync or an import since it was read keeps that change; the report says what this run wrote.
      const skipped = draft.changes.filter((c) => !written.has(c.productId));
      if (skipped.length > 0) {
        draft.changes = draft.changes.filter((c) => written.has(c.productId));
        for (const c of skipped) {
          draft.counts.changed--;
          draft.counts.unchanged++;
          if (c.newPriceCents > c.oldPriceCents) draft.counts.up--;
          else draft.counts.down--;
          draft.netChangeCents -= c.newPriceCents - c.oldPriceCents;
        }
      }
      const run = await repo.insertRun({
        actor: opts.actor,
        checked: draft.counts.checked,
        changed: draft.counts.changed,
        belowWholesale: draft.counts.belowWholesale,
        ladderViolations: draft.counts.ladderViolations,
        rules: draft.rules,
      });
      return { ...draft, run: toRun(run), at: run.at.toISOString() };
    });
    this.deps.invalidateCatalogue();
    return report;
  }

  /** `GET /api/pricing-runs`: the newest applied runs. */
  async runs(limit: number): Promise<PricingRun[]> {
    return (await this.repo.runs(limit)).map(toRun);
  }

  /** `GET /api/admin/products?q=`: products by name, display name, bundle name or destination code. */
  async searchProducts(q: string, limit: number): Promise<AdminProduct[]> {
    return (await this.repo.searchProducts(q.trim(), limit)).map(toAdminProduct);
  }

  /**
   * `GET /api/admin/products/{id}/price`: why a product (id or bundle name) has its price: the
   * winning rule, the other matching rules and why they lost, and each step from wholesale to
   * the price the rules give now (`productPriceCents`).
   * @throws NotFoundError 404 (field `id`) for an unknown product.
   */
  async explain(idOrBundle: string): Promise<PriceExplanation> {
    const row = /^\d{1,10}$/.test(idOrBundle)
      ? Number(idOrBundle) <= 2_147_483_647
        ? await this.repo.productById(Number(idOrBundle))
        : undefined
      : await this.repo.productByBundleName(idOrBundle);
    if (!row) throw new NotFoundError(`No product ${idOrBundle.slice(0, 120)}`, 'id');
    const settings = (await this.repo.settings()).map(toSetting);
    const rules = settings.map(toRule);
    const product = toPricingProduct(row);
    const item = {
      ...pricedItem(product),
      wholesaleCents: product.wholesaleCents,
      fixedPriceCents: product.fixedPriceCents,
    };
    const steps = productPriceSteps(item, rules);
    const computed = steps[steps.length - 1]!.afterCents;
    const winnerRule = selectRule(rules, item);
    const byId = new Map(settings.map((s) => [s.id, s]));
    return {
      product: toAdminProduct(row),
      region: regionOfDestination(product.countryCode),
      winner: winnerRule ? byId.get(winnerRule.id)! : null,
      candidates: ruleOutcomes(rules, item, product.fixedPriceCents != null).map((c) => ({
        rule: byId.get(c.rule.id)!,
        outcome: c.outcome,
      })),
      steps,
      computedPriceCents: computed,
      pending: computed !== row.priceCents,
    };
  }

  private report(
    ruleRows: PricingSettingRow[],
    rows: PricingProductRow[],
    opts: { dryRun: boolean; actor: PricingActor; rulesVersion?: string | undefined },
    run: PricingRun | null,
  ): RecalculationReport {
    const settings = ruleRows.map(toSetting);
    const version = rulesVersion(settings);
    if (opts.rulesVersion !== undefined && opts.rulesVersion !== version) {
      throw new ConflictError(
        'The pricing rules changed since this preview. Preview the recalculation again before applying it.',
        'rules_changed',
        'rulesVersion',
      );
    }
    const plan = planRecalculation(rows.map(toPricingProduct), settings.map(toRule));
    return {
      dryRun: opts.dryRun,
      run,
      actor: opts.actor,
      at: new Date().toISOString(),
      rulesVersion: version,
      ...plan,
      rules: settings.sort(byPrecedence),
    };
  }

  /**
   * The scope value as stored: null for `all` (400 if one is given), otherwise required and
   * known for its scope, written as the catalogue writes it.
   */
  private async scopeValueFor(repo: PricingStore, scope: PricingScope, value: string | null): Promise<string | null> {
    const text = value?.trim() ?? '';
    if (scope === 'all') {
      if (text !== '') throw new ValidationError('scopeValue: must be empty for scope all', 'scopeValue');
      return null;
    }
    if (text === '') throw new ValidationError(`scopeValue: required for scope ${scope}`, 'scopeValue');
    const folded = text.toLowerCase();
    switch (scope) {
      case 'bundle_type': {
        const type = PRICING_BUNDLE_TYPES.find((t) => t === folded);
        if (!type) throw new ValidationError(`scopeValue: must be ${PRICING_BUNDLE_TYPES.join(' or ')}`, 'scopeValue');
        return type satisfies PricingBundleType;
      }
      case 'region': {
        const region = REGION_NAMES.find((r) => r.toLowerCase() === folded);
        if (!region)
          throw new ValidationError(`scopeValue: must be a region: ${REGION_NAMES.join(', ')}`, 'scopeValue');
        return region;
      }
      case 'country': {
        const code = (await repo.destinationCodes()).find((c) => c.toLowerCase() === folded);
        if (!code)
          throw new ValidationError(
            `scopeValue: the catalogue has no destination ${JSON.stringify(text.slice(0, 40))}`,
            'scopeValue',
          );
        return code;
      }
      case 'bundle': {
        const name = await repo.bundleName(text);
        if (!name)
          throw new ValidationError(
            `scopeValue: the catalogue has no bundle ${JSON.stringify(text.slice(0, 80))}`,
            'scopeValue',
          );
        return name;
      }
    }
  }

  private async assertNoTwin(repo: PricingStore, rule: PricingSettingValues, exceptId?: number): Promise<void> {
    if (rule.active === false) return;
    const twin = await repo.activeTwin(
      { scope: rule.scope, scopeValue: rule.scopeValue ?? null, priority: rule.priority ?? 0 },
      exceptId,
    );
    if (twin) {
      throw new ConflictError(
        `Active rule "${twin.name}" (#${twin.id}) already has this scope and priority, so one of them would never apply. Give this rule another priority, or deactivate one.`,
        'duplicate_rule',
        'priority',
      );
    }
  }
}
