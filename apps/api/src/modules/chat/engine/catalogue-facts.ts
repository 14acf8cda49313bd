import type { Country, Product } from '@esim/contract/catalog';

/**
 * What the local chat engine reads of the store's own data, to name the cheapest and the most
 * popular plans of a destination with prices and links, and its coverage and networks: the destinations and their plans from the
 * catalogue (`CatalogService`, which keeps them in memory) and the units sold per product over
 * the last 90 days (the orders module's `unitsSoldSince`). Built once by `chat.module.ts`:
 *
 * ```ts
 * const catalogue = new CatalogueFacts({ catalog, popularity: { unitsSoldSince: orders.unitsSoldSince } });
 * ```
 */

/** The part of `CatalogService` the engine reads. */
export interface CatalogueReader {
  /** Every destination with at least one plan on sale (code, slug, names in five languages, type). */
  destinations(): Promise<Country[]>;
  /** The plans on sale for exactly one destination code (ISO alpha-2, region name, `Global`). */
  productsFor(countryCode: string): Promise<Product[]>;
}

/** Units sold per product id since an instant (paid orders and top-ups, not cancelled or refunded). */
export interface PopularitySource {
  unitsSoldSince(since: Date): Promise<Map<number, number>>;
}

/** Days of sales that make a plan "popular": units sold over the last 90 days. */
export const POPULARITY_WINDOW_DAYS = 90;

/** How long the destinations and the sales figures are reused before they are read again, ms. */
const DESTINATIONS_TTL_MS = 30_000;
const POPULARITY_TTL_MS = 5 * 60_000;

interface Cached<T> {
  value: T;
  at: number;
}

/**
 * The catalogue facts the engine answers from, with short caches so that a question costs no
 * database round trip: destinations for 30 s (the catalogue itself is in memory), sales per
 * product for 5 minutes (one aggregate over the last 90 days of orders). A failing popularity
 * read is treated as "no sales known" so that a price answer still works.
 */
export class CatalogueFacts {
  private destinationsCache: Cached<Country[]> | undefined;
  private destinationsLoading: Promise<Country[]> | undefined;
  private popularityCache: Cached<Map<number, number>> | undefined;
  private popularityLoading: Promise<Map<number, number>> | undefined;
  private readonly now: () => number;

  constructor(
    private readonly options: {
      catalog: CatalogueReader;
      popularity?: PopularitySource;
      /** Clock for tests, ms since the epoch. */
      now?: () => number;
    },
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Forgets the cached destinations (the catalogue changed, here or on another instance). */
  invalidate(): void {
    this.destinationsCache = undefined;
  }

  /** Every destination with a plan on sale (cached 30 s, dropped by {@link invalidate}). */
  async destinations(): Promise<Country[]> {
    const cached = this.destinationsCache;
    if (cached && this.now() - cached.at < DESTINATIONS_TTL_MS) return cached.value;
    this.destinationsLoading ??= this.options.catalog
      .destinations()
      .then((value) => {
        this.destinationsCache = { value, at: this.now() };
        return value;
      })
      .finally(() => {
        this.destinationsLoading = undefined;
      });
    return this.destinationsLoading;
  }

  /** The plans on sale for a destination code (the catalogue's in-memory snapshot). */
  productsFor(code: string): Promise<Product[]> {
    return this.options.catalog.productsFor(code);
  }

  /** Units sold per product id over the last {@link POPULARITY_WINDOW_DAYS} days (cached 5 minutes; empty when unknown). */
  async unitsSold(): Promise<Map<number, number>> {
    const source = this.options.popularity;
    if (!source) return new Map();
    const cached = this.popularityCache;
    if (cached && this.now() - cached.at < POPULARITY_TTL_MS) return cached.value;
    this.popularityLoading ??= source
      .unitsSoldSince(new Date(this.now() - POPULARITY_WINDOW_DAYS * 86_400_000))
      .catch(() => new Map<number, number>())
      .then((value) => {
        this.popularityCache = { value, at: this.now() };
        return value;
      })
      .finally(() => {
        this.popularityLoading = undefined;
      });
    return this.popularityLoading;
  }
}
