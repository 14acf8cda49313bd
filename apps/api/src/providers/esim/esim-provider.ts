/**
 * The eSIM wholesale provider port (decision record 0018). The store talks to eSIM Go (or any
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

/**
 * A profile's state on the provider's side (eSIM Go `GET /esims/{iccid}` `profileStatus`,
 * lower-cased): `released` (ready to download), `downloaded`, `installed`, `enabled` (in use on
 * a device), `disabled`, `deleted`.
 */
export type EsimProfileState = 'released' | 'downloaded' | 'installed' | 'enabled' | 'disabled' | 'deleted';

/** An eSIM as the provider knows it (eSIM Go `GET /esims/{iccid}`, normalised). */
export interface EsimDetails {
  iccid: string;
  profileState: EsimProfileState;
  /** First network attach at the destination ("activation on first use"); `null` before. */
  firstUsedAt: Date | null;
}

/**
 * A bundle assignment's state (eSIM Go `bundleState`): `processing` (being applied), `queued`
 * (waiting for first use or for the bundle before it), `active`, `depleted` (data used up),
 * `expired` (validity over), `revoked` (withdrawn), `lapsed` (never started before its deadline).
 */
export type ProviderBundleState = 'processing' | 'queued' | 'active' | 'depleted' | 'expired' | 'revoked' | 'lapsed';

/** One bundle assigned to an eSIM, with its usage (eSIM Go `GET /esims/{iccid}/bundles`, normalised). */
export interface BundleAssignment {
  /** The provider's assignment id, stable across reads. */
  id: string;
  /** Provider bundle name, e.g. `esim_1GB_7D_TR_V2`. */
  bundle: string;
  state: ProviderBundleState;
  unlimited: boolean;
  /** Allowance in bytes (`initialQuantity`); `null` for unlimited bundles. */
  initialBytes: number | null;
  /** Bytes left (`remainingQuantity`); `null` for unlimited bundles. */
  remainingBytes: number | null;
  /** Bytes used so far (also counted on unlimited bundles). */
  usedBytes: number;
  assignedAt: Date;
  /** `null` until the bundle starts. */
  startedAt: Date | null;
  /** Start + validity; `null` until the bundle starts. */
  endsAt: Date | null;
}

/** The provider operations the store needs. */
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
  /**
   * The eSIM's profile state (eSIM Go `GET /esims/{iccid}`).
   * @throws EsimProviderError 404 (not retryable) for an ICCID the provider does not know.
   */
  getEsim(iccid: string): Promise<EsimDetails>;
  /**
   * Every bundle assigned to the eSIM, oldest first, with usage in bytes (eSIM Go
   * `GET /esims/{iccid}/bundles`).
   * @throws EsimProviderError 404 for an unknown ICCID; retryable for timeouts, 429 and 5xx.
   */
  listBundles(iccid: string): Promise<BundleAssignment[]>;
  /**
   * Buys `bundle` and assigns it to the existing eSIM `iccid` (a top-up: eSIM Go `POST /orders`
   * with `iccids: [iccid]`). It queues behind the bundles already there. Idempotent by
   * `reference`: calling again returns the first assignment and buys nothing more.
   * @returns the provider's order reference and the new assignment's id.
   * @throws EsimProviderError 400 (not retryable) for an unknown or incompatible bundle, 404 for an
   *   unknown ICCID; retryable for timeouts, 429 and 5xx.
   */
  applyBundle(request: {
    reference: string;
    iccid: string;
    bundle: string;
  }): Promise<{ reference: string; assignmentId: string }>;
  /**
   * Cancels one bundle assignment that has not started (`processing` or `queued`; `lapsed` too),
   * so it is never used and the provider credits it back (eSIM Go
   * `DELETE /esims/{iccid}/bundles/{name}/assignments/{assignmentId}`: "If a bundle assignment has
   * not been started and no data has been consumed, the bundle assignment can either be returned
   * to the inventory or credited back"). Used when an order is refunded. Idempotent:
   * revoking a revoked assignment again changes nothing and answers the same.
   * @param request the eSIM, the assignment's bundle name (case-sensitive, as in the catalogue)
   *   and the assignment id (`BundleAssignment.id`).
   * @returns the assignment's state afterwards: `revoked`.
   * @throws EsimProviderError, not retryable: 404 for an unknown ICCID or an assignment of that
   *   bundle the eSIM does not have; 409 when the assignment has started (`active`, `depleted`,
   *   `expired`: data was used, nothing to credit). Retryable for timeouts, 429 and 5xx.
   */
  revokeBundle(request: {
    iccid: string;
    bundle: string;
    assignmentId: string;
  }): Promise<{ assignmentId: string; state: 'revoked' }>;
}
