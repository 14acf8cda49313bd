import type { Country, Product, ProductsQuery } from '@esim/contract/catalog';
import { countrySlug } from '@esim/contract/country-route';
import type { SyncReport } from '@esim/contract/admin-catalogue';
import { dataAmountLabel, validityCode } from '@esim/contract/format';
import { GLOBAL, GLOBAL_SLUG, REGIONS } from '@esim/contract/regions';
import { regionOf } from '@esim/contract/region-members';
import { type CachedJson, cacheJson } from '../../lib/cached-json.ts';
import type { ChangeBus } from '../../lib/change-bus.ts';
import { ConflictError } from '../../lib/errors.ts';
import type { EsimProvider } from '../../providers/esim/esim-provider.ts';
import { DEFAULT_PRICING_RULE, productPriceCents } from './pricing/pricing.rules.ts';
import type { CatalogRepository, ProductFacts, ProductRow, ProductUpsert, SyncCounts } from './catalog.repository.ts';
import { planSync, pricedItem } from './catalogue-sync.ts';
import { destinationNames } from '../../lib/country-names.ts';

/**
 * How long a snapshot is trusted before the fingerprint is checked again (other instances may have
 * changed products). The change bus tells at once; this is its safety net, so an instance that missed a message is at most 1 s stale
 * (docs/decisions/0020-several-instances.md).
 */
const SNAPSHOT_CHECK_MS = 1_000;

/** The key of a {@link CatalogService.listProducts} answer in a snapshot's response cache. */
const productsKey = (query: ProductsQuery) => `${query.country ?? ''}|${query.type ?? ''}|${query.q ?? ''}`;

/** Bundles a sync writes per transaction, and after which it records its progress. */
const SYNC_BATCH = 250;

/** A sync run without a job (the first start's) older than this is taken for dead (its process stopped). */
const DIRECT_RUN_STALE_MS = 10 * 60_000;

/** What one sync did: its counts and its report (without the reprice, which the caller adds). */
export interface SyncOutcome {
  counts: SyncCounts;
  errors: number;
  report: Omit<SyncReport, 'reprice'>;
}

interface Snapshot {
  products: Product[];
  byId: Map<number, Product>;
  /** Ids of products not on sale (retired by the provider or hidden by the admin), so lookups need not ask the database about them. */
  retiredIds: Set<number>;
  /** Upper-cased destination code -> its products. */
  byCountry: Map<string, Product[]>;
  /** Lower-cased slug, code or region name -> destination code. */
  destinationKeys: Map<string, string>;
  /** Search haystack per product id: name and destination names in every language, folded. */
  haystack: Map<number, string>;
  countries: CachedJson;
  responses: Map<string, CachedJson>;
  fingerprint: string;
  checkedAt: number;
}

/** Lower-cases and strips diacritics so that "turkiye" finds "Türkiye". */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * Maps a stored row to the public product shape (the one place rows become responses): the
 * admin's display name when set (bulk import), else the provider's name; the stored
 * price (the admin's fixed price, kept by every recalculation, or the rules' price).
 */
export function toProduct(row: ProductRow): Product {
  const unlimited = row.bundleType === 'unlimited';
  return {
    productId: row.id,
    apiBundleName: row.apiBundleName,
    name: row.displayName ?? row.name,
    displayName: row.displayName,
    description: row.description,
    priceCents: row.priceCents,
    price: row.priceCents / 100,
    currency: 'USD',
    countryCode: row.countryCode,
    imageUrl: row.imageUrl,
    features: {
      bundleType: unlimited ? 'unlimited' : 'prepaid',
      dataMb: row.dataMb,
      dataAmount: dataAmountLabel(row.dataMb),
      validityDays: row.validityDays,
      validity: validityCode(row.validityDays),
      tier: (row.tier as Product['features']['tier']) ?? null,
      type: row.coverageType as Product['features']['type'],
      coveredCountries: row.coveredCountries,
      networks: row.networks,
      discountPercent: row.discountPercent,
      hotspot: true,
    },
    featured: row.featured,
  };
}

/**
 * The catalogue: imports provider bundles into priced products, and answers the storefront's
 * reads from an in-memory snapshot whose JSON responses are serialised and compressed once.
 * Knows neither HTTP nor SQL; rules on prices live in `pricing.rules.ts`.
 */
export class CatalogService {
  private snapshot: Snapshot | undefined;
  private loading: Promise<Snapshot> | undefined;
  /** Bumped by every drop: a load that began before a drop must not install its (older) snapshot. */
  private generation = 0;
  private bus: Pick<ChangeBus, 'publish'> | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly repo: CatalogRepository,
    private readonly provider: EsimProvider,
  ) {}

  /**
   * First start: installs the default pricing rule and imports the catalogue once. When another
   * instance is importing it at the same moment, leaves it to that one.
   */
  async ensureSeeded(): Promise<void> {
    if ((await this.repo.countPricingRules()) === 0) await this.repo.insertPricingRule(DEFAULT_PRICING_RULE);
    if ((await this.repo.successfulSyncCount()) > 0) return;
    await this.reapStaleDirectRun();
    try {
      await this.sync();
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
    }
  }

  /**
   * Imports the provider's catalogue now, in this process, as a recorded run (`actor`, default
   * `system`): adds new bundles, updates changed ones, retires bundles no longer listed.
   * Idempotent: a second run with the same catalogue changes nothing. The admin's runs go
   * through a job instead (`CatalogueSyncService`).
   * @throws ConflictError 409 `sync_in_progress` when a run is queued or running.
   * @throws EsimProviderError when the provider fails (the run is recorded as failed).
   */
  async sync(actor = 'system'): Promise<SyncCounts> {
    const run = await this.repo.createSyncRun({ provider: this.provider.id, actor, reprice: false, status: 'running' });
    if (!run) throw new ConflictError('A catalogue sync is already running', 'sync_in_progress');
    try {
      const outcome = await this.syncRun(run.id);
      await this.repo.finishSyncRun(run.id, { status: 'succeeded' });
      return outcome.counts;
    } catch (error) {
      await this.repo.finishSyncRun(run.id, {
        status: 'failed',
        error: error instanceof Error ? error.message : String(error),
      });
      throw error;
    }
  }

  /** The eSIM provider whose catalogue is synced (`sandbox`, `esimgo`). */
  get providerId(): string {
    return this.provider.id;
  }

  /**
   * The work of sync run `runId`: reads the provider's catalogue, records the total,
   * writes the added and changed products in batches of 250 bundles (each batch one transaction
   * that also records `processed`), retires the products no longer listed, records the counts
   * and the report (the run stays `running`: the caller ends it), and drops the snapshot. A
   * bundle the store cannot sell is an error of the report, never of the run (`planSync`). The
   * admin's fields are never written. Idempotent: run again, it finds nothing left to change.
   * @throws EsimProviderError when the provider fails; Error when it lists no bundle at all while
   *   products are on sale (an outage answering an empty list must not retire the catalogue).
   */
  async syncRun(runId: number): Promise<SyncOutcome> {
    const bundles: readonly unknown[] = await this.provider.listCatalogue();
    const [rules, existing] = await Promise.all([this.repo.pricingRules(), this.repo.allProducts()]);
    if (bundles.length === 0 && existing.some((r) => r.active)) {
      throw new Error('The provider listed no bundles; the sync stopped so that no product is retired by mistake');
    }
    const plan = planSync(bundles, existing, rules);
    await this.repo.setSyncTotal(runId, bundles.length);
    let next = 0;
    for (let start = 0; start < bundles.length; start += SYNC_BATCH) {
      const end = Math.min(bundles.length, start + SYNC_BATCH);
      const added: ProductUpsert[] = [];
      const changed: ProductUpsert[] = [];
      for (; next < plan.writes.length && plan.writes[next]!.index < end; next++) {
        const write = plan.writes[next]!;
        (write.isNew ? added : changed).push(write.upsert);
      }
      await this.repo.writeSyncBatch(runId, { added, changed, processed: end });
    }
    await this.repo.retireBundles(plan.retire);
    const counts: SyncCounts = {
      added: plan.counts.added,
      updated: plan.counts.changed,
      unchanged: plan.counts.unchanged,
      deactivated: plan.counts.retired,
    };
    await this.repo.saveSyncResult(runId, {
      counts,
      errors: plan.counts.errors,
      report: { ...plan.report, reprice: null },
    });
    this.invalidate();
    return { counts, errors: plan.counts.errors, report: plan.report };
  }

  /** Marks failed a run without a job (a first-start import) that began over 10 minutes ago: its process died. */
  async reapStaleDirectRun(): Promise<void> {
    const run = await this.repo.currentSyncRun(this.provider.id);
    if (run && run.jobId === null && Date.now() - run.startedAt.getTime() > DIRECT_RUN_STALE_MS) {
      await this.repo.finishSyncRun(run.id, { status: 'failed', error: 'Interrupted: the process running it stopped' });
    }
  }

  /**
   * Reprices every product with the current pricing settings (`productPriceCents`: the admin's
   * fixed price wins). The pricing screen's recalculation (`PricingService.recalculate`) is the
   * admin's way; this one records no pricing run.
   * @returns how many products changed price and how many were checked.
   */
  async recalculatePrices(): Promise<{ checked: number; changed: number }> {
    const [rules, rows] = await Promise.all([this.repo.pricingRules(), this.repo.allProducts()]);
    const changes = rows
      .map((row) => ({
        id: row.id,
        priceCents: productPriceCents(
          { ...pricedItem(row), wholesaleCents: row.wholesaleCents, fixedPriceCents: row.fixedPriceCents },
          rules,
        ),
      }))
      .filter((c, i) => c.priceCents !== rows[i]?.priceCents);
    await this.repo.updatePrices(changes);
    this.invalidate();
    return { checked: rows.length, changed: changes.length };
  }

  /**
   * Drops the snapshot so the next read reloads it, on this instance at once and, through the
   * change bus (when {@link useChangeBus} was called), on every other instance. Call it
   * after the change committed.
   */
  invalidate(): void {
    this.drop();
    void this.bus?.publish('catalogue');
  }

  /**
   * Shares invalidations with the other instances: `invalidate()` publishes `catalogue`, and a
   * `catalogue` notification (or a reconnection of the bus) drops this instance's snapshot.
   * @returns a function that stops listening.
   */
  useChangeBus(bus: Pick<ChangeBus, 'publish' | 'subscribe'>): () => void {
    this.bus = bus;
    const unsubscribe = bus.subscribe('catalogue', () => this.drop());
    return () => {
      unsubscribe();
      this.bus = undefined;
    };
  }

  /**
   * Calls `listener` whenever this instance drops its snapshot (a change here or, through the
   * change bus, on another instance), so that caches derived from the catalogue (the chat
   * assistant's destinations) follow it.
   * @returns a function that stops the calls.
   */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private drop(): void {
    this.generation += 1;
    this.snapshot = undefined;
    this.loading = undefined;
    for (const listener of this.listeners) listener();
  }

  /**
   * `GET /api/products` as a cached JSON response `{ products }`, filtered by destination (code,
   * region name, `Global` or slug; local plans of that destination), bundle type and text (name or
   * destination name in any language). An unknown destination gives an empty list.
   */
  async listProducts(query: ProductsQuery): Promise<CachedJson> {
    const snap = await this.current();
    const key = productsKey(query);
    const hit = snap.responses.get(key);
    if (hit) return hit;
    let list = snap.products;
    if (query.country) {
      const code = snap.destinationKeys.get(query.country.toLowerCase());
      list = code ? (snap.byCountry.get(code.toUpperCase()) ?? []) : [];
    }
    if (query.type) list = list.filter((p) => p.features.bundleType === query.type);
    if (query.q) {
      const needle = fold(query.q);
      list = list.filter((p) => snap.haystack.get(p.productId)?.includes(needle));
    }
    const response = cacheJson({ products: list });
    // Bound the cache: free-text queries are unbounded, destinations are not.
    if (snap.responses.size < 2_000) snap.responses.set(key, response);
    return response;
  }

  /**
   * The {@link listProducts} answer when it is already cached and the snapshot needs no check
   * (checked within the last second), else undefined: the hot read path answers it without a
   * promise, and falls back to {@link listProducts} otherwise.
   */
  peekProducts(query: ProductsQuery): CachedJson | undefined {
    const snap = this.snapshot;
    if (!snap || Date.now() - snap.checkedAt >= SNAPSHOT_CHECK_MS) return undefined;
    return snap.responses.get(productsKey(query));
  }

  /** `GET /api/products/{id}` as a cached JSON response `{ product }`, or undefined when unknown or inactive. */
  async productResponse(id: number): Promise<CachedJson | undefined> {
    const snap = await this.current();
    const key = `#${id}`;
    const hit = snap.responses.get(key);
    if (hit) return hit;
    const product = snap.byId.get(id);
    if (!product) return undefined;
    const response = cacheJson({ product });
    snap.responses.set(key, response);
    return response;
  }

  /** One active product, or undefined. */
  async getProduct(id: number): Promise<Product | undefined> {
    return (await this.current()).byId.get(id);
  }

  /**
   * The active products sold for exactly this destination code (ISO alpha-2, special code,
   * region name or `Global`), cheapest data first as listed; empty for an unknown code.
   */
  async productsFor(countryCode: string): Promise<Product[]> {
    return (await this.current()).byCountry.get(countryCode.toUpperCase()) ?? [];
  }

  /** The active product of a provider bundle name (e.g. `esim_1GB_7D_TR_V2`), or undefined. */
  async productByBundleName(apiBundleName: string): Promise<Product | undefined> {
    return (await this.current()).products.find((p) => p.apiBundleName === apiBundleName);
  }

  /**
   * The products still sold among `ids`, keyed by product id, for embedding in carts. Read from the
   * snapshot; only ids the snapshot has never seen (added by another instance's sync since the last
   * reload) are looked up in the database. Ids of products no longer sold, or unknown, are absent.
   */
  async activeProducts(ids: Iterable<number>): Promise<Map<number, Product>> {
    const snap = await this.current();
    const found = new Map<number, Product>();
    const unseen: number[] = [];
    for (const id of ids) {
      const product = snap.byId.get(id);
      if (product) found.set(id, product);
      else if (!snap.retiredIds.has(id) && !unseen.includes(id)) unseen.push(id);
    }
    if (unseen.length > 0) {
      for (const row of await this.repo.activeProductsByIds(unseen)) found.set(row.id, toProduct(row));
    }
    return found;
  }

  /**
   * The facts of products by id, retired ones included (orders name and describe what they sold
   * long after the catalogue stopped selling it); unknown ids are absent. Read from the database.
   */
  async productFacts(ids: Iterable<number>): Promise<Map<number, ProductFacts>> {
    const rows = await this.repo.productFacts([...new Set(ids)], []);
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** The facts of products by provider bundle name, retired ones included (as {@link productFacts}). */
  async productFactsByBundleName(names: Iterable<string>): Promise<Map<string, ProductFacts>> {
    const rows = await this.repo.productFacts([], [...new Set(names)]);
    return new Map(rows.map((row) => [row.apiBundleName, row]));
  }

  /** `GET /api/countries` as a cached JSON response `{ countries }`. */
  async listCountries(): Promise<CachedJson> {
    return (await this.current()).countries;
  }

  /** Every destination with at least one plan (for the sitemap and server-rendered metadata). */
  async destinations(): Promise<Country[]> {
    const snap = await this.current();
    return (JSON.parse(snap.countries.body.toString()) as { countries: Country[] }).countries;
  }

  private async current(): Promise<Snapshot> {
    const snap = this.snapshot;
    if (snap && Date.now() - snap.checkedAt < SNAPSHOT_CHECK_MS) return snap;
    if (snap) {
      // Once a second one read checks whether another instance changed products (the safety net
      // of the change bus); reads meanwhile are served from the snapshot.
      snap.checkedAt = Date.now();
      const generation = this.generation;
      try {
        const fingerprint = await this.repo.productsFingerprint();
        if (fingerprint === snap.fingerprint) return snap;
        if (this.snapshot === snap && this.generation === generation) this.drop();
      } catch {
        return snap;
      }
      return this.current();
    }
    if (!this.loading) {
      const loading = this.load().finally(() => {
        if (this.loading === loading) this.loading = undefined;
      });
      this.loading = loading;
    }
    return this.loading;
  }

  private async load(): Promise<Snapshot> {
    const generation = this.generation;
    const [rows, fingerprint] = await Promise.all([this.repo.allProducts(), this.repo.productsFingerprint()]);
    // On sale: listed by the provider and not hidden by the admin. Within a
    // destination the admin's featured plans come first, then by type, data, days and price.
    const onSale = rows.filter((r) => r.active && r.enabled);
    const featured = new Set(onSale.filter((r) => r.featured).map((r) => r.id));
    const products = onSale
      .map(toProduct)
      .sort(
        (a, b) =>
          a.countryCode.localeCompare(b.countryCode) ||
          Number(featured.has(b.productId)) - Number(featured.has(a.productId)) ||
          a.features.bundleType.localeCompare(b.features.bundleType) ||
          (a.features.dataMb ?? 0) - (b.features.dataMb ?? 0) ||
          a.features.validityDays - b.features.validityDays ||
          a.priceCents - b.priceCents,
      );
    const byId = new Map(products.map((p) => [p.productId, p]));
    const retiredIds = new Set(rows.filter((r) => !(r.active && r.enabled)).map((r) => r.id));
    const byCountry = new Map<string, Product[]>();
    for (const p of products) {
      const key = p.countryCode.toUpperCase();
      const list = byCountry.get(key) ?? [];
      list.push(p);
      byCountry.set(key, list);
    }
    const countries: Country[] = [];
    const destinationKeys = new Map<string, string>();
    const namesByCode = new Map<string, string>();
    for (const [key, list] of byCountry) {
      const code = list[0]?.countryCode ?? key;
      const names = destinationNames(code);
      const region = REGIONS.find((r) => r.name === code);
      const type = code === GLOBAL ? 'global' : region ? 'regional' : 'local';
      const slug = code === GLOBAL ? GLOBAL_SLUG : region ? region.slug : countrySlug(code, names.en);
      countries.push({
        code,
        slug,
        names,
        type,
        region: type === 'local' ? regionOf(code) : null,
        planCount: list.length,
        fromPriceCents: Math.min(...list.map((p) => p.priceCents)),
        flag: type === 'local' && /^[A-Z]{2}$/.test(code) ? code.toLowerCase() : code === 'US-HI' ? 'us' : null,
      });
      for (const k of [slug, code, ...(region ? [region.code] : [])]) destinationKeys.set(k.toLowerCase(), code);
      namesByCode.set(code, fold(Object.values(names).join(' ')));
    }
    countries.sort((a, b) => a.names.en.localeCompare(b.names.en, 'en'));
    const haystack = new Map(
      products.map((p) => [p.productId, `${fold(p.name)} ${namesByCode.get(p.countryCode) ?? ''}`]),
    );
    const snapshot: Snapshot = {
      products,
      byId,
      retiredIds,
      byCountry,
      destinationKeys,
      haystack,
      countries: cacheJson({ countries }),
      responses: new Map(),
      fingerprint,
      checkedAt: Date.now(),
    };
    // Dropped while loading (a change was announced): answer these readers, keep nothing.
    if (this.generation === generation) this.snapshot = snapshot;
    return snapshot;
  }
}
