import type { Database } from '../../../db/client.ts';
import {
  type BundleAssignment,
  type CatalogueBundle,
  type EsimDetails,
  type EsimProvider,
  EsimProviderError,
  type ProviderOrder,
  type ProvisionedEsim,
} from '../esim-provider.ts';
import { EsimGoCallError, EsimGoClient } from './esimgo-client.ts';
import {
  type EsimGoCatalogueItem,
  toAssignments,
  toCatalogueBundle,
  toDate,
  toProfileState,
  toProvisionedEsims,
} from './esimgo-mapping.ts';
import {
  type ProviderRequestRow,
  type ProviderRequestSpec,
  ProviderRequestsRepository,
} from './provider-requests.repository.ts';

/** Settings of the eSIM Go adapter (`config.esimGo`, plus tuning for tests). */
export interface EsimGoOptions {
  /** API base URL with its version, no trailing slash, e.g. `https://api.esim-go.com/v2.4`. */
  baseUrl: string;
  apiKey: string;
  /** Time-out of one call, ms. */
  timeoutMs: number;
  /** Calls per second this process makes (token bucket; see decision record 0018). */
  ratePerSecond: number;
  /** For the `provider_requests` record of each order attempt (exactly once). */
  database: Database;
  /**
   * Which of these ICCIDs belong to eSIMs the store holds (the orders module's `heldIccids`): a
   * provider order listing one cannot be the order a lost new-eSIM attempt made.
   */
  storeIccids: (iccids: readonly string[]) => Promise<ReadonlySet<string>>;
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /** Retries of a retryable call (default 3) within `maxRetryWaitMs` of back-off (default 10,000 ms). */
  maxRetries?: number;
  maxRetryWaitMs?: number;
  /** First back-off, ms (default 250). */
  backoffBaseMs?: number;
  /**
   * After an order attempt whose outcome is unknown (time-out, connection error, 5xx) and that
   * reconciliation did not find, how long to keep looking before ordering again, ms (default
   * `timeoutMs + 60,000`: an attempt still in flight ends within `timeoutMs`).
   */
  unknownOutcomeWaitMs?: number;
  /** How far before an attempt reconciliation looks for the provider's order (clock skew), ms (default 60,000). */
  reconcileSlackMs?: number;
  /** Catalogue page size (default 500). */
  cataloguePageSize?: number;
  /** Injected for tests. */
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => Date;
}

/** Bundles per `POST /orders` call: larger orders are processed asynchronously by eSIM Go and may come back without `esims` (v2.2 changelog). */
export const MAX_QUANTITY_PER_ORDER = 5;

/** ICCIDs are 18-22 digits (ITU-T E.118); anything else is answered 404 without a call (no path tricks). */
const ICCID_PATTERN = /^\d{18,22}$/;
/** Bundle names as eSIM Go spells them (case-sensitive), e.g. `esim_1GB_7D_TR_V2`. */
const BUNDLE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.+-]{0,199}$/;

/** Pages of `GET /orders` reconciliation reads at most (100 orders each). */
const RECONCILE_MAX_PAGES = 10;
const RECONCILE_PAGE_SIZE = 100;
/** Pages of the catalogue read at most (a runaway guard). */
const CATALOGUE_MAX_PAGES = 200;

/** One `order[]` line of an eSIM Go order (`OrderResponseTransaction`, `GET /orders`). */
interface OrderLine {
  type?: unknown;
  item?: unknown;
  quantity?: unknown;
  iccids?: unknown;
  esims?: unknown;
}
/** An eSIM Go order as `POST /orders` (transaction), `GET /orders/{ref}` and `GET /orders` answer it. */
interface EsimGoOrder {
  order?: OrderLine[];
  status?: unknown;
  orderReference?: unknown;
  /** Transactions say `createdDate`, the list schema `createDate`: both are read. */
  createdDate?: unknown;
  createDate?: unknown;
}

/** What the purchase of a `provider_requests` row needs: the body to POST and how to read its result. */
interface Purchase<T> {
  spec: ProviderRequestSpec;
  body: unknown;
  /** Reads the result from the provider's order (may call the API); throws a retryable error while it is incomplete. */
  finish(order: EsimGoOrder, providerReference: string, attemptedAt: Date | null): Promise<T>;
  /** The stored result, replayed for a `done` row. */
  restore(result: Record<string, unknown>): T;
  /** Checks made before each new attempt (a top-up's compatibility); throwing stops the attempt. */
  beforeAttempt?: () => Promise<void>;
}

function referenceOf(order: EsimGoOrder): string | undefined {
  return typeof order.orderReference === 'string' && order.orderReference ? order.orderReference : undefined;
}

function unknownIccid(iccid: string): EsimProviderError {
  return new EsimProviderError(`eSIM ${iccid} not found`, false, 404);
}

function checkReference(reference: string): void {
  if (typeof reference !== 'string' || reference.length < 1 || reference.length > 200) {
    throw new EsimProviderError('reference must be 1-200 characters', false, 400);
  }
}

function checkBundle(bundle: string): void {
  if (typeof bundle !== 'string' || !BUNDLE_PATTERN.test(bundle))
    throw new EsimProviderError(`Bundle ${String(bundle).slice(0, 100)} not found`, false, 400);
}

/** Orders of a `GET /orders` answer: the spec's bare array (`OrderList`), an `{ orders }` envelope, or one order. */
function ordersOf(body: unknown): EsimGoOrder[] {
  if (Array.isArray(body)) return body as EsimGoOrder[];
  const b = body as { orders?: unknown; data?: unknown } | null;
  if (Array.isArray(b?.orders)) return b.orders as EsimGoOrder[];
  if (Array.isArray(b?.data)) return b.data as EsimGoOrder[];
  return b && typeof b === 'object' && 'orderReference' in b ? [b as EsimGoOrder] : [];
}

/**
 * The eSIM Go API v2.4 adapter (decision record 0018) over `fetch`:
 *
 * - catalogue (`GET /catalogue`, every page; the `{bundles,pageCount,rows,pageSize}` envelope
 *   and the bare array both read) mapped to the port's `CatalogueBundle`;
 * - orders (`POST /orders` `{type:'transaction', assign:true}`, at most 5 bundles a call) and
 *   top-ups (`GET /esims/{iccid}/compatible/{bundle}`, then `POST /orders` with `iccids` and
 *   `allowReassign:false`) made exactly once without provider idempotency: each attempt is
 *   recorded in `provider_requests` before the call; after a time-out, connection error or 5xx
 *   the adapter reconciles with `GET /orders` instead of ordering again; `done` rows replay;
 * - eSIM details, bundles with usage in bytes, and revocation of unused bundles;
 * - 10 requests/s (per process), bounded retries honouring `Retry-After`, errors `{message}`
 *   mapped to `EsimProviderError` (see `esimgo-client.ts`).
 */
export class EsimGoProvider implements EsimProvider {
  readonly id = 'esimgo';
  private readonly client: EsimGoClient;
  private readonly requests: ProviderRequestsRepository;
  private readonly now: () => Date;

  constructor(readonly options: EsimGoOptions) {
    this.client = new EsimGoClient({
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      apiKey: options.apiKey,
      timeoutMs: options.timeoutMs,
      ratePerSecond: options.ratePerSecond,
      ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
      ...(options.maxRetryWaitMs !== undefined ? { maxRetryWaitMs: options.maxRetryWaitMs } : {}),
      ...(options.backoffBaseMs !== undefined ? { backoffBaseMs: options.backoffBaseMs } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.sleep ? { sleep: options.sleep } : {}),
      ...(options.log ? { log: options.log } : {}),
    });
    this.requests = new ProviderRequestsRepository(options.database.db);
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Which of `iccids` already belong to someone: an eSIM the store holds, or the target of a top-up
   * request. A provider order listing one of them is a top-up (eSIM Go lists `iccids[]` on both
   * kinds of order lines, v2.3+), so reconciliation of a new-eSIM attempt must not take it.
   */
  private async iccidsInUse(iccids: readonly string[]): Promise<Set<string>> {
    const [held, topups] = await Promise.all([this.options.storeIccids(iccids), this.requests.topupIccids(iccids)]);
    return new Set([...held, ...topups]);
  }

  /** The HMAC key of eSIM Go's usage callbacks: the API key. */
  get callbackKey(): string {
    return this.options.apiKey;
  }

  /**
   * Every bundle of `GET /catalogue`, all pages (`perPage` 500): reads the paged envelope
   * `{ bundles, pageCount, rows, pageSize }` or a bare array (then pages until one comes back
   * short or repeats the previous one). Items the store cannot sell (no known country, no price)
   * are skipped with a warning; the catalogue sync validates the rest.
   * @throws EsimProviderError when a page fails (retryable for 429, 5xx, time-outs).
   */
  async listCatalogue(): Promise<CatalogueBundle[]> {
    const perPage = this.options.cataloguePageSize ?? 500;
    const items: EsimGoCatalogueItem[] = [];
    let previousFirst: string | undefined;
    for (let page = 1; page <= CATALOGUE_MAX_PAGES; page++) {
      const { body } = await this.client.request({ method: 'GET', path: '/catalogue', query: { page, perPage } });
      const envelope = Array.isArray(body) ? undefined : (body as { bundles?: unknown; pageCount?: unknown } | null);
      const list = Array.isArray(body) ? body : envelope?.bundles;
      if (!Array.isArray(list))
        throw new EsimProviderError('eSIM Go catalogue: unexpected answer (no bundles)', true, 502);
      const first = JSON.stringify((list[0] as { name?: unknown } | undefined)?.name ?? null);
      if (list.length > 0 && page > 1 && first === previousFirst) break; // the API ignored `page`
      previousFirst = first;
      items.push(...(list as EsimGoCatalogueItem[]));
      const pageCount = typeof envelope?.pageCount === 'number' ? envelope.pageCount : undefined;
      if (pageCount !== undefined ? page >= pageCount : list.length < perPage) break;
    }
    const bundles: CatalogueBundle[] = [];
    const seen = new Set<string>();
    let skipped = 0;
    for (const item of items) {
      const bundle = toCatalogueBundle(item);
      if (!bundle || seen.has(bundle.name)) {
        skipped += bundle ? 0 : 1;
        continue;
      }
      seen.add(bundle.name);
      bundles.push(bundle);
    }
    if (skipped > 0)
      this.options.log?.warn(
        { skipped },
        'eSIM Go catalogue: bundles without a known country, price or duration skipped',
      );
    return bundles;
  }

  /**
   * Buys `quantity` new eSIMs with `bundle` (`POST /orders` `{type:'transaction', assign:true,
   * order:[{type:'bundle', item, quantity}]}`), in calls of at most 5 (each its own
   * `provider_requests` row: `reference`, or `reference#i/n` when split). Exactly once by
   * `reference` (see the class comment).
   * @returns the provider's order reference (several joined by `,` when split) and the eSIMs
   *   (SM-DP+ address without scheme).
   * @throws EsimProviderError: 400 (not retryable) for an unknown bundle, a bad quantity (1-100)
   *   or reference, insufficient balance; 409 when the reference was used for another purchase;
   *   retryable for 429, 5xx, time-outs and an outcome still being reconciled.
   */
  async createOrder(request: { reference: string; bundle: string; quantity: number }): Promise<ProviderOrder> {
    checkReference(request.reference);
    checkBundle(request.bundle);
    if (!Number.isInteger(request.quantity) || request.quantity < 1 || request.quantity > 100) {
      throw new EsimProviderError('quantity must be 1-100', false, 400);
    }
    const parts = Math.ceil(request.quantity / MAX_QUANTITY_PER_ORDER);
    const references: string[] = [];
    const esims: ProvisionedEsim[] = [];
    for (let i = 0; i < parts; i++) {
      const quantity = Math.min(MAX_QUANTITY_PER_ORDER, request.quantity - i * MAX_QUANTITY_PER_ORDER);
      const reference = parts === 1 ? request.reference : `${request.reference}#${i + 1}/${parts}`;
      const part = await this.purchase<ProviderOrder>({
        spec: { reference, kind: 'order', bundle: request.bundle, quantity, iccid: null },
        body: { type: 'transaction', assign: true, order: [{ type: 'bundle', item: request.bundle, quantity }] },
        finish: (order, providerReference) => this.esimsOfOrder(order, providerReference, quantity),
        restore: (result) => ({
          reference: String(result.reference),
          esims: (result.esims as ProvisionedEsim[]) ?? [],
        }),
      });
      references.push(part.reference);
      esims.push(...part.esims);
    }
    return { reference: references.join(','), esims };
  }

  /**
   * The eSIM's profile state (`GET /esims/{iccid}`, `profileStatus` lower-cased). eSIM Go does not
   * say when the eSIM was first used here (`firstInstalledDateTime` is the install): `firstUsedAt`
   * is `null`; the FirstUse callback records it (decision record 0018).
   * @throws EsimProviderError 404 for an unknown ICCID; retryable for timeouts, 429 and 5xx.
   */
  async getEsim(iccid: string): Promise<EsimDetails> {
    if (!ICCID_PATTERN.test(iccid)) throw unknownIccid(iccid);
    const { body } = await this.client.request({ method: 'GET', path: `/esims/${iccid}` });
    const b = body as { iccid?: unknown; profileStatus?: unknown } | null;
    return { iccid, profileState: toProfileState(b?.profileStatus), firstUsedAt: null };
  }

  /**
   * Every bundle assignment of the eSIM, oldest first, used ones included
   * (`GET /esims/{iccid}/bundles?includeUsed=true&limit=200`), quantities in bytes.
   * @throws EsimProviderError 404 for an unknown ICCID; retryable for timeouts, 429 and 5xx.
   */
  async listBundles(iccid: string): Promise<BundleAssignment[]> {
    return (await this.assignmentsOf(iccid)).map(({ reference: _reference, ...a }) => a);
  }

  /**
   * Whether `bundle` can go onto the eSIM (`GET /esims/{iccid}/compatible/{bundle}` → `{compatible}`).
   * @throws EsimProviderError 404 for an unknown ICCID; retryable for timeouts, 429 and 5xx.
   */
  async isCompatible(iccid: string, bundle: string): Promise<boolean> {
    if (!ICCID_PATTERN.test(iccid)) throw unknownIccid(iccid);
    checkBundle(bundle);
    const { body } = await this.client.request({
      method: 'GET',
      path: `/esims/${iccid}/compatible/${encodeURIComponent(bundle)}`,
    });
    return (body as { compatible?: unknown } | null)?.compatible === true;
  }

  /**
   * A top-up: checks compatibility, then buys `bundle` onto the eSIM (`POST /orders` with
   * `iccids:[iccid]`, `allowReassign:false`, so an incompatible bundle fails instead of making a
   * new eSIM), exactly once by `reference`; the new assignment's id is read from
   * `GET /esims/{iccid}/bundles` (the assignment whose `assignmentReference` starts with the
   * order reference, else the newest of that bundle).
   * @returns the provider's order reference and the assignment id.
   * @throws EsimProviderError, not retryable: 400 for an unknown or incompatible bundle, 404 for an
   *   unknown ICCID, 409 when the reference was used for another purchase; retryable for 429,
   *   5xx, time-outs and an outcome still being reconciled.
   */
  async applyBundle(request: {
    reference: string;
    iccid: string;
    bundle: string;
  }): Promise<{ reference: string; assignmentId: string }> {
    checkReference(request.reference);
    checkBundle(request.bundle);
    if (!ICCID_PATTERN.test(request.iccid)) throw unknownIccid(request.iccid);
    const { iccid, bundle } = request;
    return this.purchase<{ reference: string; assignmentId: string }>({
      spec: { reference: request.reference, kind: 'topup', bundle, quantity: 1, iccid },
      body: {
        type: 'transaction',
        assign: true,
        order: [{ type: 'bundle', item: bundle, quantity: 1, iccids: [iccid], allowReassign: false }],
      },
      finish: async (_order, providerReference, attemptedAt) => ({
        reference: providerReference,
        assignmentId: await this.assignmentOf(iccid, bundle, providerReference, attemptedAt),
      }),
      restore: (result) => ({ reference: String(result.reference), assignmentId: String(result.assignmentId) }),
      beforeAttempt: async () => {
        if (!(await this.isCompatible(iccid, bundle))) {
          throw new EsimProviderError(`Bundle ${bundle} is not compatible with eSIM ${iccid}`, false, 400);
        }
      },
    });
  }

  /**
   * Cancels an assignment that has not started
   * (`DELETE /esims/{iccid}/bundles/{name}/assignments/{assignmentId}?type=transaction`). Reads
   * the eSIM's bundles first: a revoked assignment answers the same again (idempotent); a started
   * one (`active`, `depleted`, `expired`) is refused with 409 without a call.
   * @throws EsimProviderError, not retryable: 404 for an unknown ICCID or assignment, 409 when it
   *   has started; retryable for timeouts, 429 and 5xx.
   */
  async revokeBundle(request: {
    iccid: string;
    bundle: string;
    assignmentId: string;
  }): Promise<{ assignmentId: string; state: 'revoked' }> {
    const { iccid, bundle, assignmentId } = request;
    if (!ICCID_PATTERN.test(iccid)) throw unknownIccid(iccid);
    checkBundle(bundle);
    const find = async () =>
      (await this.assignmentsOf(iccid)).find((a) => a.id === assignmentId && a.bundle === bundle);
    const found = await find();
    if (!found) throw new EsimProviderError(`eSIM ${iccid} has no assignment ${assignmentId} of ${bundle}`, false, 404);
    if (found.state === 'revoked') return { assignmentId, state: 'revoked' };
    if (found.state === 'active' || found.state === 'depleted' || found.state === 'expired') {
      throw new EsimProviderError(
        `Assignment ${assignmentId} has started (${found.state}): nothing to credit`,
        false,
        409,
      );
    }
    try {
      await this.client.request({
        method: 'DELETE',
        path: `/esims/${iccid}/bundles/${encodeURIComponent(bundle)}/assignments/${encodeURIComponent(assignmentId)}`,
        query: { type: 'transaction' },
      });
    } catch (error) {
      // A repeat after a lost answer: the first call did it.
      if ((await find().catch(() => undefined))?.state === 'revoked') return { assignmentId, state: 'revoked' };
      throw error;
    }
    return { assignmentId, state: 'revoked' };
  }

  // ---------------------------------------------------------------------------------------------
  // Exactly once without provider idempotency keys (decision record 0018)

  private async purchase<T>(purchase: Purchase<T>): Promise<T> {
    const { spec } = purchase;
    let row = await this.requests.ensure(spec);
    if (
      row.kind !== spec.kind ||
      row.bundle !== spec.bundle ||
      row.quantity !== spec.quantity ||
      row.iccid !== spec.iccid
    ) {
      throw new EsimProviderError(`Reference ${spec.reference} was already used for another purchase`, false, 409);
    }
    if (row.state === 'done' && row.result) return purchase.restore(row.result);
    // The order is known (an earlier call found or made it) but its result is not stored yet.
    if (row.providerReference) return this.complete(purchase, row.providerReference, undefined, row.attemptedAt);
    if (row.state === 'pending' && row.attemptedAt) {
      const found = await this.reconcile(spec, row.attemptedAt);
      if (found) return this.complete(purchase, found.reference, found.order, row.attemptedAt);
      const waited = this.now().getTime() - row.attemptedAt.getTime();
      const wait = this.options.unknownOutcomeWaitMs ?? this.options.timeoutMs + 60_000;
      if (waited < wait) {
        throw new EsimProviderError(
          `The outcome of an earlier eSIM Go order for ${spec.reference} is not known yet; checking again later`,
          true,
        );
      }
      this.options.log?.warn(
        { reference: spec.reference, attempts: row.attempts },
        'eSIM Go order not found after its attempt; ordering again',
      );
    }
    await purchase.beforeAttempt?.();
    const attemptedAt = this.now();
    if (!(await this.requests.beginAttempt(row, attemptedAt))) {
      throw new EsimProviderError(`Another eSIM Go order attempt for ${spec.reference} is under way`, true);
    }
    row = { ...row, attempts: row.attempts + 1, attemptedAt };
    let order: EsimGoOrder;
    try {
      const { body } = await this.client.request({
        method: 'POST',
        path: '/orders',
        body: purchase.body,
        retry: 'refused-only',
      });
      order = (body ?? {}) as EsimGoOrder;
    } catch (error) {
      return this.afterFailedAttempt(purchase, row, error);
    }
    const reference = referenceOf(order);
    if (!reference) {
      // A 2xx without a reference: it may have been bought; reconcile like a time-out.
      return this.afterFailedAttempt(
        purchase,
        row,
        new EsimGoCallError('eSIM Go answered the order without an orderReference', true, 502, 'unknown'),
      );
    }
    if (!(await this.requests.claimProviderReference(spec.reference, reference))) {
      // Another purchase of the same bundle, quantity (and eSIM) reconciled while this answer was
      // on its way and took this order for the one its own lost attempt made. The purchases are
      // alike, so this one takes that order instead: each order still serves exactly one purchase.
      const swapped = await this.reconcile(spec, attemptedAt).catch(() => undefined);
      if (swapped) return this.complete(purchase, swapped.reference, swapped.order, attemptedAt);
      await this.requests.noteUnknown(spec.reference, `eSIM Go order ${reference} was claimed by another purchase`);
      throw new EsimProviderError(
        `eSIM Go order ${reference} was claimed by another purchase; looking for its twin later`,
        true,
      );
    }
    return this.complete(purchase, reference, order, attemptedAt);
  }

  /** A failed attempt: definite refusals are recorded `failed`; unknown outcomes are reconciled at once, else left `pending`. */
  private async afterFailedAttempt<T>(purchase: Purchase<T>, row: ProviderRequestRow, error: unknown): Promise<T> {
    const { spec } = purchase;
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof EsimGoCallError && error.outcome === 'refused') {
      // Nothing was bought: a later call may simply try again (after topping up the balance, say).
      await this.requests.fail(spec.reference, message);
      throw error;
    }
    this.options.log?.warn(
      { reference: spec.reference, error: message },
      'eSIM Go order outcome unknown; reconciling with GET /orders',
    );
    const found = await this.reconcile(spec, row.attemptedAt!).catch(() => undefined);
    if (found) return this.complete(purchase, found.reference, found.order, row.attemptedAt);
    await this.requests.noteUnknown(spec.reference, message);
    throw new EsimProviderError(
      `eSIM Go order for ${spec.reference}: outcome unknown (${message}); it will be looked up before any new order`,
      true,
      error instanceof EsimProviderError ? error.status : undefined,
    );
  }

  /** Reads the result of a known provider order (fetching it when not given) and stores it `done`. */
  private async complete<T>(
    purchase: Purchase<T>,
    providerReference: string,
    order: EsimGoOrder | undefined,
    attemptedAt: Date | null,
  ): Promise<T> {
    const known =
      order ??
      ((await this.client.request({ method: 'GET', path: `/orders/${encodeURIComponent(providerReference)}` }))
        .body as EsimGoOrder);
    const result = await purchase.finish(known ?? {}, providerReference, attemptedAt);
    await this.requests.complete(purchase.spec.reference, providerReference, result as Record<string, unknown>);
    return result;
  }

  /**
   * Looks for the provider order an attempt made: `GET /orders?includeIccids=true&createdAt=gte:<attempt − slack>`
   * (up to 10 pages of 100), matching item and quantity, not failed, not claimed by another
   * reference; takes the oldest match it can claim. Top-ups and new eSIMs are told apart by
   * ICCID, since eSIM Go lists `iccids[]` on both kinds of lines (v2.3+):
   * - a top-up takes only a line whose ICCIDs are its eSIM's alone (`[iccid]`);
   * - a new-eSIM purchase skips any order listing an ICCID that already belonged to someone
   *   before (an eSIM the store holds or the target of a top-up request): that order is someone's
   *   top-up, and taking it would hand over their eSIM's activation code.
   */
  private async reconcile(
    spec: ProviderRequestSpec,
    attemptedAt: Date,
  ): Promise<{ reference: string; order: EsimGoOrder } | undefined> {
    const since = new Date(attemptedAt.getTime() - (this.options.reconcileSlackMs ?? 60_000));
    const matches: { reference: string; order: EsimGoOrder; at: number; iccids: string[] }[] = [];
    for (let page = 1; page <= RECONCILE_MAX_PAGES; page++) {
      const { body } = await this.client.request({
        method: 'GET',
        path: '/orders',
        query: { includeIccids: true, page, limit: RECONCILE_PAGE_SIZE, createdAt: [`gte:${since.toISOString()}`] },
      });
      const orders = ordersOf(body);
      for (const order of orders) {
        const reference = referenceOf(order);
        const at = toDate(order.createdDate ?? order.createDate);
        if (!reference || (at && at.getTime() < since.getTime())) continue;
        if (typeof order.status === 'string' && /fail|cancel/i.test(order.status)) continue;
        const lines = order.order ?? [];
        const iccidsOf = (l: OrderLine) => (Array.isArray(l.iccids) ? l.iccids.map(String) : []);
        const line = lines.find((l) => {
          if (l.item !== spec.bundle || Number(l.quantity) !== spec.quantity) return false;
          if (spec.iccid === null) return true;
          // A top-up line lists exactly its eSIM; a line of other (new) eSIMs is not it.
          const listed = iccidsOf(l);
          return listed.length > 0 && listed.every((i) => i === spec.iccid);
        });
        if (line) matches.push({ reference, order, at: at?.getTime() ?? 0, iccids: lines.flatMap(iccidsOf) });
      }
      const pageCount = (body as { pageCount?: unknown } | null)?.pageCount;
      if (typeof pageCount === 'number' ? page >= pageCount : orders.length < RECONCILE_PAGE_SIZE) break;
    }
    if (matches.length === 0) return undefined;
    const claimed = await this.requests.claimedReferences(
      matches.map((m) => m.reference),
      spec.reference,
    );
    // New eSIMs never existed before their order: an order naming a known eSIM is a top-up.
    const inUse = spec.iccid === null ? await this.iccidsInUse(matches.flatMap((m) => m.iccids)) : new Set<string>();
    for (const match of matches.sort((a, b) => a.at - b.at)) {
      if (claimed.has(match.reference)) continue;
      if (match.iccids.some((i) => inUse.has(i))) continue;
      if (await this.requests.claimProviderReference(spec.reference, match.reference)) {
        this.options.log?.info(
          { reference: spec.reference, providerReference: match.reference },
          'eSIM Go order found by reconciliation',
        );
        return { reference: match.reference, order: match.order };
      }
    }
    return undefined;
  }

  /**
   * The eSIMs of an order: `order[].esims`, else `GET /esims/assignments?reference=` (JSON).
   * @throws EsimProviderError (retryable) while fewer than `quantity` are known.
   */
  private async esimsOfOrder(order: EsimGoOrder, providerReference: string, quantity: number): Promise<ProviderOrder> {
    let esims = (order.order ?? []).flatMap((line) => toProvisionedEsims(line.esims));
    if (esims.length < quantity) {
      const { body } = await this.client.request({
        method: 'GET',
        path: '/esims/assignments',
        query: { reference: providerReference },
      });
      const listed = toProvisionedEsims(Array.isArray(body) ? body : body && typeof body === 'object' ? [body] : []);
      if (listed.length > esims.length) esims = listed;
    }
    if (esims.length < quantity) {
      throw new EsimProviderError(
        `eSIM Go order ${providerReference} lists ${esims.length} of ${quantity} eSIMs so far`,
        true,
      );
    }
    return { reference: providerReference, esims: esims.slice(0, quantity) };
  }

  /** The assignment a top-up order made: by `assignmentReference` prefix, else the newest of the bundle assigned since the attempt. */
  private async assignmentOf(
    iccid: string,
    bundle: string,
    providerReference: string,
    attemptedAt: Date | null,
  ): Promise<string> {
    const candidates = (await this.assignmentsOf(iccid)).filter((a) => a.bundle === bundle);
    const byReference = candidates.find((a) => a.reference?.startsWith(providerReference));
    if (byReference) return byReference.id;
    const since = attemptedAt ? attemptedAt.getTime() - (this.options.reconcileSlackMs ?? 60_000) : 0;
    const newest = candidates.filter((a) => a.assignedAt.getTime() >= since).at(-1);
    if (newest) return newest.id;
    throw new EsimProviderError(`eSIM Go order ${providerReference}: the bundle is not on eSIM ${iccid} yet`, true);
  }

  private async assignmentsOf(iccid: string) {
    if (!ICCID_PATTERN.test(iccid)) throw unknownIccid(iccid);
    const { body } = await this.client.request({
      method: 'GET',
      path: `/esims/${iccid}/bundles`,
      query: { includeUsed: true, limit: 200 },
    });
    return toAssignments(body);
  }
}
