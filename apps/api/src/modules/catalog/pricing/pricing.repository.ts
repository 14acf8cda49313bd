import { and, asc, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client.ts';
import { pricingRuns, pricingSettings, products } from '../catalog.schema.ts';

/** A `pricing_settings` row. */
export type PricingSettingRow = typeof pricingSettings.$inferSelect;
/** The fields of a rule an admin writes. */
export type PricingSettingValues = Omit<typeof pricingSettings.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
/** A `pricing_runs` row. */
export type PricingRunRow = typeof pricingRuns.$inferSelect;

/** A product's fields that pricing reads. */
export interface PricingProductRow {
  id: number;
  apiBundleName: string;
  name: string;
  displayName: string | null;
  countryCode: string;
  coverageType: string;
  bundleType: string;
  tier: string | null;
  dataMb: number | null;
  validityDays: number;
  wholesaleCents: number;
  priceCents: number;
  fixedPriceCents: number | null;
  active: boolean;
  enabled: boolean;
}

/** One price to write, with what it was computed from (compare-and-set). */
export interface PriceWrite {
  id: number;
  priceCents: number;
  oldPriceCents: number;
  wholesaleCents: number;
  fixedPriceCents: number | null;
}

/**
 * Serialises rule writes and applied recalculations across instances (a transaction-scoped
 * advisory lock): a run applies exactly the rules it records, and a duplicate check sees every
 * committed rule. Arbitrary constant, distinct from the migration lock (727_001).
 */
const PRICING_LOCK_KEY = 727_010;

const productColumns = {
  id: products.id,
  apiBundleName: products.apiBundleName,
  name: products.name,
  displayName: products.displayName,
  countryCode: products.countryCode,
  coverageType: products.coverageType,
  bundleType: products.bundleType,
  tier: products.tier,
  dataMb: products.dataMb,
  validityDays: products.validityDays,
  wholesaleCents: products.wholesaleCents,
  priceCents: products.priceCents,
  fixedPriceCents: products.fixedPriceCents,
  active: products.active,
  enabled: products.enabled,
};

/** `LIKE` pattern text: the wildcard characters and the escape character taken literally. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Data access for pricing: `pricing_settings`, `pricing_runs` and the product fields
 * prices are computed from. `locked()` runs work in one transaction holding the pricing lock.
 */
export class PricingRepository {
  constructor(private readonly db: Db) {}

  /**
   * Runs `work` in one transaction holding the pricing lock (rule writes and applied
   * recalculations take turns across instances), with a repository bound to that transaction.
   */
  locked<T>(work: (repo: PricingRepository) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${PRICING_LOCK_KEY})`);
      return work(new PricingRepository(tx as unknown as Db));
    });
  }

  /** Every rule, by id. */
  settings(): Promise<PricingSettingRow[]> {
    return this.db.select().from(pricingSettings).orderBy(asc(pricingSettings.id));
  }

  async setting(id: number): Promise<PricingSettingRow | undefined> {
    const [row] = await this.db.select().from(pricingSettings).where(eq(pricingSettings.id, id));
    return row;
  }

  async insertSetting(values: PricingSettingValues): Promise<PricingSettingRow> {
    const [row] = await this.db.insert(pricingSettings).values(values).returning();
    return row!;
  }

  /** Updates a rule; undefined when it does not exist. */
  async updateSetting(id: number, values: Partial<PricingSettingValues>): Promise<PricingSettingRow | undefined> {
    const [row] = await this.db
      .update(pricingSettings)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(pricingSettings.id, id))
      .returning();
    return row;
  }

  /** Deletes a rule; the deleted row, or undefined when it did not exist. */
  async deleteSetting(id: number): Promise<PricingSettingRow | undefined> {
    const [row] = await this.db.delete(pricingSettings).where(eq(pricingSettings.id, id)).returning();
    return row;
  }

  /** Another active rule with this scope, value and priority (the would-be tie), if any. */
  async activeTwin(
    rule: { scope: string; scopeValue: string | null; priority: number },
    exceptId?: number,
  ): Promise<PricingSettingRow | undefined> {
    const [row] = await this.db
      .select()
      .from(pricingSettings)
      .where(
        and(
          eq(pricingSettings.active, true),
          eq(pricingSettings.scope, rule.scope),
          rule.scopeValue === null
            ? sql`${pricingSettings.scopeValue} is null`
            : eq(pricingSettings.scopeValue, rule.scopeValue),
          eq(pricingSettings.priority, rule.priority),
          exceptId === undefined ? undefined : ne(pricingSettings.id, exceptId),
        ),
      )
      .orderBy(asc(pricingSettings.id))
      .limit(1);
    return row;
  }

  /** Every destination code the catalogue has (ISO alpha-2, special codes, region names, `Global`). */
  async destinationCodes(): Promise<string[]> {
    const rows = await this.db.selectDistinct({ code: products.countryCode }).from(products);
    return rows.map((r) => r.code);
  }

  /** The bundle name as the catalogue spells it, looked up case-insensitively; undefined when unknown. */
  async bundleName(name: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ name: products.apiBundleName })
      .from(products)
      .where(sql`lower(${products.apiBundleName}) = lower(${name})`)
      .orderBy(asc(products.id))
      .limit(1);
    return row?.name;
  }

  /** Every product, active or not, by id. */
  allProducts(): Promise<PricingProductRow[]> {
    return this.db.select(productColumns).from(products).orderBy(asc(products.id));
  }

  async productById(id: number): Promise<PricingProductRow | undefined> {
    const [row] = await this.db.select(productColumns).from(products).where(eq(products.id, id));
    return row;
  }

  async productByBundleName(name: string): Promise<PricingProductRow | undefined> {
    const [row] = await this.db
      .select(productColumns)
      .from(products)
      .where(sql`lower(${products.apiBundleName}) = lower(${name})`)
      .orderBy(asc(products.id))
      .limit(1);
    return row;
  }

  /**
   * Products whose name, display name or bundle name contains `q` (case-insensitive), or whose
   * destination code is `q`: that destination first, then products on sale, then by destination,
   * bundle type, data, days and id. At most `limit`.
   */
  searchProducts(q: string, limit: number): Promise<PricingProductRow[]> {
    const pattern = `%${likeLiteral(q)}%`;
    const exactCode = sql`upper(${products.countryCode}) = upper(${q})`;
    return this.db
      .select(productColumns)
      .from(products)
      .where(
        or(
          exactCode,
          ilike(products.name, pattern),
          ilike(products.displayName, pattern),
          ilike(products.apiBundleName, pattern),
        ),
      )
      .orderBy(
        desc(exactCode),
        desc(sql`lower(${products.apiBundleName}) = lower(${q})`),
        desc(sql`${products.active} and ${products.enabled}`),
        asc(products.countryCode),
        asc(products.bundleType),
        sql`${products.dataMb} asc nulls last`,
        asc(products.tier),
        asc(products.validityDays),
        asc(products.id),
      )
      .limit(limit);
  }

  /**
   * Writes new prices in one statement, each only if the product still has the price, wholesale
   * price and fixed price it was computed from (a sync or an import that changed it meanwhile
   * wins). Bumps `updated_at`, so every instance's catalogue snapshot reloads.
   * @returns the ids written.
   */
  async writePrices(writes: readonly PriceWrite[]): Promise<number[]> {
    if (writes.length === 0) return [];
    const payload = JSON.stringify(
      writes.map((w) => ({
        id: w.id,
        price: w.priceCents,
        old: w.oldPriceCents,
        wholesale: w.wholesaleCents,
        fixed: w.fixedPriceCents,
      })),
    );
    const rows = await queryRows<{ id: number }>(
      this.db,
      sql`update ${products} as p
          set price_cents = v.price, updated_at = now()
          from jsonb_to_recordset(${payload}::jsonb) as v(id int, price int, old int, wholesale int, fixed int)
          where p.id = v.id and p.price_cents = v.old and p.wholesale_cents = v.wholesale
            and p.fixed_price_cents is not distinct from v.fixed
          returning p.id`,
    );
    return rows.map((r) => Number(r.id));
  }

  async insertRun(run: Omit<typeof pricingRuns.$inferInsert, 'id' | 'at'>): Promise<PricingRunRow> {
    const [row] = await this.db.insert(pricingRuns).values(run).returning();
    return row!;
  }

  /** The newest applied runs. */
  runs(limit: number): Promise<PricingRunRow[]> {
    return this.db.select().from(pricingRuns).orderBy(desc(pricingRuns.at), desc(pricingRuns.id)).limit(limit);
  }
}
