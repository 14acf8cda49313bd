import type {
  PriceWrite,
  PricingProductRow,
  PricingRepository,
  PricingRunRow,
  PricingSettingRow,
  PricingSettingValues,
} from './pricing.repository.ts';
import type { PricingStore } from './pricing.service.ts';

/** The state `locked` restores when its work throws (the transaction's rollback). */
interface Snapshot {
  settings: PricingSettingRow[];
  products: PricingProductRow[];
  runs: PricingRunRow[];
  nextId: number;
}

const lower = (text: string) => text.toLowerCase();

/**
 * An in-memory {@link PricingStore} with the semantics of `PricingRepository`, for unit tests of
 * `PricingService`: `locked` runs one piece of work at a time and rolls everything back when it
 * throws; `writePrices` writes a price only if the product still has the price, wholesale and
 * fixed price it was computed from. Rows are returned as copies, as a database returns fresh rows.
 * `clock` gives the timestamps the database would.
 */
export class FakePricingRepository implements PricingStore {
  settingRows: PricingSettingRow[] = [];
  productRows: PricingProductRow[] = [];
  runRows: PricingRunRow[] = [];
  private nextId = 1;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly clock: () => Date = () => new Date()) {}

  /** Adds a product with defaults for what the test does not name (a 1 GB, 7-day Turkey plan on sale). */
  addProduct(product: Partial<PricingProductRow> & Pick<PricingProductRow, 'wholesaleCents'>): PricingProductRow {
    const id = product.id ?? this.nextId++;
    const row: PricingProductRow = {
      id,
      apiBundleName: `esim_1GB_7D_TR_V2_${id}`,
      name: 'Turkey 1 GB 7 days',
      displayName: null,
      countryCode: 'TR',
      coverageType: 'local',
      bundleType: 'prepaid',
      tier: null,
      dataMb: 1024,
      validityDays: 7,
      priceCents: product.wholesaleCents,
      fixedPriceCents: null,
      active: true,
      enabled: true,
      ...product,
    };
    this.productRows.push(row);
    return { ...row };
  }

  locked<T>(work: (repo: PricingStore) => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      const before = this.snapshot();
      try {
        return await work(this);
      } catch (error) {
        this.restore(before);
        throw error;
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private snapshot(): Snapshot {
    return {
      settings: this.settingRows.map((r) => ({ ...r })),
      products: this.productRows.map((r) => ({ ...r })),
      runs: this.runRows.map((r) => ({ ...r })),
      nextId: this.nextId,
    };
  }

  private restore(s: Snapshot): void {
    this.settingRows = s.settings;
    this.productRows = s.products;
    this.runRows = s.runs;
    this.nextId = s.nextId;
  }

  async settings(): Promise<PricingSettingRow[]> {
    return [...this.settingRows].sort((a, b) => a.id - b.id).map((r) => ({ ...r }));
  }

  async setting(id: number): Promise<PricingSettingRow | undefined> {
    const row = this.settingRows.find((r) => r.id === id);
    return row && { ...row };
  }

  async insertSetting(values: PricingSettingValues): Promise<PricingSettingRow> {
    const now = this.clock();
    const row: PricingSettingRow = {
      id: this.nextId++,
      name: values.name,
      scope: values.scope,
      scopeValue: values.scopeValue ?? null,
      markupBps: values.markupBps ?? 0,
      fixedMarginCents: values.fixedMarginCents ?? 0,
      endingCents: values.endingCents ?? null,
      floorCents: values.floorCents ?? 0,
      priority: values.priority ?? 0,
      active: values.active ?? true,
      createdAt: now,
      updatedAt: now,
    };
    this.settingRows.push(row);
    return { ...row };
  }

  async updateSetting(id: number, values: Partial<PricingSettingValues>): Promise<PricingSettingRow | undefined> {
    const row = this.settingRows.find((r) => r.id === id);
    if (!row) return undefined;
    const defined = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
    Object.assign(row, defined, { updatedAt: this.clock() });
    return { ...row };
  }

  async deleteSetting(id: number): Promise<PricingSettingRow | undefined> {
    const i = this.settingRows.findIndex((r) => r.id === id);
    if (i < 0) return undefined;
    const [row] = this.settingRows.splice(i, 1);
    return row;
  }

  async activeTwin(
    rule: { scope: string; scopeValue: string | null; priority: number },
    exceptId?: number,
  ): Promise<PricingSettingRow | undefined> {
    const row = [...this.settingRows]
      .sort((a, b) => a.id - b.id)
      .find(
        (r) =>
          r.active &&
          r.scope === rule.scope &&
          r.scopeValue === rule.scopeValue &&
          r.priority === rule.priority &&
          r.id !== exceptId,
      );
    return row && { ...row };
  }

  async destinationCodes(): Promise<string[]> {
    return [...new Set(this.productRows.map((p) => p.countryCode))];
  }

  async bundleName(name: string): Promise<string | undefined> {
    return this.byId().find((p) => lower(p.apiBundleName) === lower(name))?.apiBundleName;
  }

  async allProducts(): Promise<PricingProductRow[]> {
    return this.byId().map((p) => ({ ...p }));
  }

  async productById(id: number): Promise<PricingProductRow | undefined> {
    const row = this.productRows.find((p) => p.id === id);
    return row && { ...row };
  }

  async productByBundleName(name: string): Promise<PricingProductRow | undefined> {
    const row = this.byId().find((p) => lower(p.apiBundleName) === lower(name));
    return row && { ...row };
  }

  async searchProducts(q: string, limit: number): Promise<PricingProductRow[]> {
    const needle = lower(q);
    const exactCode = (p: PricingProductRow) => (lower(p.countryCode) === needle ? 0 : 1);
    const exactBundle = (p: PricingProductRow) => (lower(p.apiBundleName) === needle ? 0 : 1);
    const onSale = (p: PricingProductRow) => (p.active && p.enabled ? 0 : 1);
    const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    return this.productRows
      .filter(
        (p) =>
          exactCode(p) === 0 ||
          [p.name, p.displayName ?? '', p.apiBundleName].some((field) => lower(field).includes(needle)),
      )
      .sort(
        (a, b) =>
          exactCode(a) - exactCode(b) ||
          exactBundle(a) - exactBundle(b) ||
          onSale(a) - onSale(b) ||
          text(a.countryCode, b.countryCode) ||
          text(a.bundleType, b.bundleType) ||
          (a.dataMb ?? Number.MAX_SAFE_INTEGER) - (b.dataMb ?? Number.MAX_SAFE_INTEGER) ||
          text(a.tier ?? '', b.tier ?? '') ||
          a.validityDays - b.validityDays ||
          a.id - b.id,
      )
      .slice(0, limit)
      .map((p) => ({ ...p }));
  }

  async writePrices(writes: readonly PriceWrite[]): Promise<number[]> {
    const written: number[] = [];
    for (const w of writes) {
      const p = this.productRows.find((row) => row.id === w.id);
      if (
        p &&
        p.priceCents === w.oldPriceCents &&
        p.wholesaleCents === w.wholesaleCents &&
        p.fixedPriceCents === w.fixedPriceCents
      ) {
        p.priceCents = w.priceCents;
        written.push(p.id);
      }
    }
    return written;
  }

  async insertRun(run: Parameters<PricingRepository['insertRun']>[0]): Promise<PricingRunRow> {
    const row: PricingRunRow = {
      id: this.nextId++,
      actor: run.actor,
      checked: run.checked,
      changed: run.changed,
      belowWholesale: run.belowWholesale ?? 0,
      ladderViolations: run.ladderViolations ?? 0,
      // Stored as `jsonb`: the rules as they were, not the objects the caller keeps.
      rules: JSON.parse(JSON.stringify(run.rules)) as unknown[],
      at: this.clock(),
    };
    this.runRows.push(row);
    return { ...row };
  }

  async runs(limit: number): Promise<PricingRunRow[]> {
    return [...this.runRows]
      .sort((a, b) => b.at.getTime() - a.at.getTime() || b.id - a.id)
      .slice(0, limit)
      .map((r) => ({ ...r }));
  }

  private byId(): PricingProductRow[] {
    return [...this.productRows].sort((a, b) => a.id - b.id);
  }
}
