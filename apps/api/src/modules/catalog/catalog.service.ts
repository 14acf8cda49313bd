import type { Country, Product, ProductsQuery } from '@esim/contract/catalog';
import { countrySlug } from '@esim/contract/country-route';
import { dataAmountLabel, validityCode } from '@esim/contract/format';
import { GLOBAL, GLOBAL_SLUG, REGIONS, isRegionName, regionOf } from '@esim/contract/regions';
import { type CachedJson, cacheJson } from '../../lib/cached-json.ts';
import type { CatalogueBundle, EsimProvider } from '../../providers/esim/esim-provider.ts';
import { DEFAULT_PRICING_RULE, retailPriceCents, selectRule, type PricingRule } from '../pricing/pricing.rules.ts';
import type { CatalogRepository, ProductRow, ProductUpsert, SyncCounts } from './catalog.repository.ts';
import { destinationNames } from './country-names.ts';

/** How long a snapshot is trusted before the fingerprint is checked again (other instances may have synced). */
const SNAPSHOT_CHECK_MS = 5_000;

interface Snapshot {
  products: Product[];
  byId: Map<number, Product>;
  /** Ids of products no longer sold (inactive rows), so lookups need not ask the database about them. */
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
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/** Maps a stored row to the public product shape (the one place rows become responses). */
export function toProduct(row: ProductRow): Product {
  const unlimited = row.bundleType === 'unlimited';
  return {
    productId: row.id,
    apiBundleName: row.apiBundleName,
    name: row.name,
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
  };
}

function productName(bundle: CatalogueBundle): string {
  const where = destinationNames(bundle.countryCode).en;
  if (bundle.unlimited) {
    const tier = bundle.tier === 'unlimited_plus' ? 'Unlimited Plus' : 'Unlimited';
    return `${where} ${tier} ${bundle.durationDays} Days [unlimited]`;
  }
  return `${where} ${dataAmountLabel(bundle.dataMb)} ${bundle.durationDays} Days [prepaid]`;
}

function regionOfDestination(code: string): string | null {
  if (code === GLOBAL) return null;
  return isRegionName(code) ? code : regionOf(code);
}

/**
 * The catalogue: imports provider bundles into priced products, and answers the storefront's
 * reads from an in-memory snapshot whose JSON responses are serialised and compressed once.
 * Knows neither HTTP nor SQL (STYLE.md); rules on prices live in `pricing.rules.ts`.
 */
export class CatalogService {
  private snapshot: Snapshot | undefined;
  private loading: Promise<Snapshot> | undefined;

  constructor(
    private readonly repo: CatalogRepository,
    private readonly provider: EsimProvider,
  ) {}

  /** First start: installs the default pricing rule and imports the catalogue once. */
  async ensureSeeded(): Promise<void> {
    if ((await this.repo.countPricingRules()) === 0) await this.repo.insertPricingRule(DEFAULT_PRICING_RULE);
    if ((await this.repo.successfulSyncCount()) === 0) await this.sync();
  }

  /**
   * Imports the provider's catalogue: adds new bundles, updates changed ones, deactivates
   * bundles no longer listed. Idempotent: a second run with the same catalogue changes nothing.
   * @throws EsimProviderError when the provider fails (the failed run is recorded).
   */
  async sync(): Promise<SyncCounts> {
    let bundles: CatalogueBundle[];
    try {
      bundles = await this.provider.listCatalogue();
    } catch (error) {
      await this.repo.recordFailedSync(this.provider.id, error instanceof Error ? error.message : String(error));
      throw error;
    }
    const [rules, existing] = await Promise.all([this.repo.pricingRules(), this.repo.allProducts()]);
    const byName = new Map(existing.map((row) => [row.apiBundleName, row]));
    const added: ProductUpsert[] = [];
    const changed: ProductUpsert[] = [];
    let unchanged = 0;
    const listed = new Set<string>();
    for (const bundle of bundles) {
      listed.add(bundle.name);
      const next = this.toUpsert(bundle, rules);
      const row = byName.get(bundle.name);
      if (!row) added.push(next);
      else if (differs(row, next)) changed.push(next);
      else unchanged++;
    }
    const deactivate = existing.filter((r) => r.active && !listed.has(r.apiBundleName)).map((r) => r.apiBundleName);
    const counts = await this.repo.applySync({ provider: this.provider.id, added, changed, deactivate, unchanged });
    this.invalidate();
    return counts;
  }

  /**
   * Reprices every product with the current pricing settings.
   * @returns how many products changed price and how many were checked.
   */
  async recalculatePrices(): Promise<{ checked: number; changed: number }> {
    const [rules, rows] = await Promise.all([this.repo.pricingRules(), this.repo.allProducts()]);
    const changes = rows
      .map((row) => ({ id: row.id, priceCents: retailPriceCents(row.wholesaleCents, selectRule(rules, pricedItem(row))) }))
      .filter((c, i) => c.priceCents !== rows[i]?.priceCents);
    await this.repo.updatePrices(changes);
    this.invalidate();
    return { checked: rows.length, changed: changes.length };
  }

  /** Drops the snapshot so the next read reloads it. */
  invalidate(): void {
    this.snapshot = undefined;
  }

  /**
   * `GET /api/products` as a cached JSON response `{ products }`, filtered by destination (code,
   * region name, `Global` or slug; local plans of that destination), bundle type and text (name or
   * destination name in any language). An unknown destination gives an empty list.
   */
  async listProducts(query: ProductsQuery): Promise<CachedJson> {
    const snap = await this.current();
    const key = `${query.country ?? ''}|${query.type ?? ''}|${query.q ?? ''}`;
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

  /** `GET /api/countries` as a cached JSON response `{ countries }`. */
  async listCountries(): Promise<CachedJson> {
    return (await this.current()).countries;
  }

  /** Every destination with at least one plan (for the sitemap and server-rendered metadata). */
  async destinations(): Promise<Country[]> {
    const snap = await this.current();
    return (JSON.parse(snap.countries.body.toString()) as { countries: Country[] }).countries;
  }

  private toUpsert(bundle: CatalogueBundle, rules: PricingRule[]): ProductUpsert {
    const bundleType = bundle.unlimited ? 'unlimited' : 'prepaid';
    const priceCents = retailPriceCents(
      bundle.priceCents,
      selectRule(rules, {
        apiBundleName: bundle.name,
        countryCode: bundle.countryCode,
        region: regionOfDestination(bundle.countryCode),
        bundleType,
      }),
    );
    return {
      apiBundleName: bundle.name,
      name: productName(bundle),
      description: bundle.description,
      countryCode: bundle.countryCode,
      coverageType: bundle.type,
      bundleType,
      tier: bundle.tier,
      dataMb: bundle.unlimited ? null : bundle.dataMb,
      validityDays: bundle.durationDays,
      wholesaleCents: bundle.priceCents,
      priceCents,
      discountPercent: 0,
      coveredCountries: bundle.countries.map((c) => c.iso),
      networks: bundle.countries.flatMap((c) =>
        c.networks.map((n) => ({ countryCode: c.iso, name: n.name, speeds: n.speeds })),
      ),
      imageUrl: null,
      active: true,
    };
  }

  private async current(): Promise<Snapshot> {
    const snap = this.snapshot;
    if (snap && Date.now() - snap.checkedAt < SNAPSHOT_CHECK_MS) return snap;
    if (snap) {
      // Serve the current snapshot while checking in the background whether another instance changed it.
      snap.checkedAt = Date.now();
      void this.repo
        .productsFingerprint()
        .then((fp) => {
          if (fp !== snap.fingerprint && this.snapshot === snap) this.snapshot = undefined;
        })
        .catch(() => {});
      return snap;
    }
    this.loading ??= this.load().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  private async load(): Promise<Snapshot> {
    const [rows, fingerprint] = await Promise.all([this.repo.allProducts(), this.repo.productsFingerprint()]);
    const products = rows
      .filter((r) => r.active)
      .map(toProduct)
      .sort(
        (a, b) =>
          a.countryCode.localeCompare(b.countryCode) ||
          a.features.bundleType.localeCompare(b.features.bundleType) ||
          (a.features.dataMb ?? 0) - (b.features.dataMb ?? 0) ||
          a.features.validityDays - b.features.validityDays ||
          a.priceCents - b.priceCents,
      );
    const byId = new Map(products.map((p) => [p.productId, p]));
    const retiredIds = new Set(rows.filter((r) => !r.active).map((r) => r.id));
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
    this.snapshot = snapshot;
    return snapshot;
  }
}

function pricedItem(row: ProductRow) {
  return {
    apiBundleName: row.apiBundleName,
    countryCode: row.countryCode,
    region: regionOfDestination(row.countryCode),
    bundleType: row.bundleType as 'prepaid' | 'unlimited',
  };
}

const COMPARED_FIELDS = [
  'name',
  'description',
  'countryCode',
  'coverageType',
  'bundleType',
  'tier',
  'dataMb',
  'validityDays',
  'wholesaleCents',
  'priceCents',
  'active',
] as const satisfies readonly (keyof ProductUpsert & keyof ProductRow)[];

/** JSON with object keys sorted: jsonb does not keep key order, so compare canonically. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

function differs(row: ProductRow, next: ProductUpsert): boolean {
  if (COMPARED_FIELDS.some((f) => (row[f] ?? null) !== (next[f] ?? null))) return true;
  return (
    canonical(row.coveredCountries) !== canonical(next.coveredCountries) ||
    canonical(row.networks) !== canonical(next.networks)
  );
}
