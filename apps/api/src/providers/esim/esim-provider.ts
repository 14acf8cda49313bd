/**
 * The eSIM wholesale provider port (DESIGN.md section 4). The store talks to eSIM Go (or any
 * other wholesaler) only through this interface; `sandbox` is the embedded default.
 *
 * Units: data in MB, durations in days, money in integer US cents.
 */

/** One country a bundle covers, with the networks it roams on there. */
export interface BundleCountry {
  /** ISO 3166-1 alpha-2 code, or a special code such as `CYP` (Northern Cyprus) or `US-HI` (Hawaii). */
  iso: string;
  /** English country name. */
  name: string;
  /** The store region this country belongs to (one of `REGION_NAMES`), or `null`. */
  region: string | null;
  /** Operators the plan uses in that country, e.g. `{ name: 'Turkcell', speeds: ['4G', '5G'] }`. */
  networks: { name: string; speeds: string[] }[];
}

/** A wholesale plan as the provider lists it in its catalogue (eSIM Go `GET /catalogue` shape, normalised). */
export interface CatalogueBundle {
  /** Provider bundle name, e.g. `esim_1GB_7D_TR_V2`, `esim_UL_7D_TR_V2`, `esim_ULP_7D_EU_V2`. */
  name: string;
  description: string;
  /**
   * What the bundle is sold for: an ISO alpha-2 / special code for a local plan, a region name
   * (`Europe+`, `Asia`, ...) for a regional plan, or `Global`.
   */
  countryCode: string;
  type: 'local' | 'regional' | 'global';
  countries: BundleCountry[];
  /** Data allowance in MB; `null` when `unlimited` is true. */
  dataMb: number | null;
  unlimited: boolean;
  /** `unlimited` (lite: 1 GB/day then 512 kbps) or `unlimited_plus` (2 GB/day then 2 Mbps); `null` for fixed plans. */
  tier: 'unlimited' | 'unlimited_plus' | null;
  durationDays: number;
  /** Wholesale price in US cents. */
  priceCents: number;
}

/** Errors a provider raises; `retryable` tells the caller whether backing off may help. */
export class EsimProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'EsimProviderError';
  }
}

/** An eSIM profile the provider assigned (eSIM Go `order[].esims[]`). */
export interface ProvisionedEsim {
  /** 19-20 digits, Luhn-valid (ITU-T E.118). */
  iccid: string;
  /** SM-DP+ address, e.g. `rsp.sandbox.example`. */
  smdpAddress: string;
  /** Matching id the device presents to the SM-DP+ (GSMA SGP.22). */
  matchingId: string;
}

/** The result of `createOrder`. */
export interface ProviderOrder {
  /** The provider's order reference. */
  reference: string;
  esims: ProvisionedEsim[];
}

/** The provider operations the store needs. Later issues add eSIM lookup, usage and top-up. */
export interface EsimProvider {
  /** Provider id for logs and decision records: `sandbox`, `esimgo`. */
  readonly id: string;
  /**
   * Lists every bundle the store may sell.
   * @throws EsimProviderError when the provider is unreachable or answers with an error.
   */
  listCatalogue(): Promise<CatalogueBundle[]>;
  /**
   * Buys `quantity` new eSIMs with `bundle` assigned (eSIM Go `POST /orders`, type
   * `transaction`, `assign: true`). Idempotent by `reference`: calling again with the same
   * reference returns the same eSIMs and buys nothing more (the store passes its order line id).
   * @throws EsimProviderError (retryable for timeouts, 429 and 5xx; not for an unknown bundle).
   */
  createOrder(request: { reference: string; bundle: string; quantity: number }): Promise<ProviderOrder>;
}
