import {
  REFUND_REASON_MAX_LENGTH,
  REFUND_WINDOW_DAYS,
  type RefundCheck,
  type RefundCheckReason,
  type RefundRecord,
  type RefundResponse,
} from '@esim/contract/admin-refunds';
import { orderNumberParamsSchema } from '@esim/contract/order';
import { isMultiLineText } from '@esim/contract/text';
import type { EnqueueRequest } from '../../../lib/jobs.repository.ts';
import { type Job, type JobQueue, PermanentJobError } from '../../../lib/jobs.ts';
import { ConflictError, NotFoundError, UpstreamError, ValidationError } from '../../../lib/errors.ts';
import { type BundleAssignment, type EsimProvider, EsimProviderError } from '../../../providers/esim/esim-provider.ts';
import {
  type PaymentProvider,
  PaymentProviderError,
  type RefundResult,
} from '../../../providers/payment/payment-provider.ts';
import { ORDER_NOTIFICATION_JOB, notificationJobKey } from '../order-jobs.ts';
import { InvalidTransitionError, canTransition, isOrderStatus } from '../order-status.ts';
import { matchAssignments } from '../../../providers/esim/bundle-assignments.ts';
import type { OrderRefunder } from './refund-port.ts';
import {
  type EsimVerdict,
  bundleAction,
  bundleStarted,
  daysSincePurchase,
  esimActivation,
  overridable,
  policyReasons,
} from './refund-policy.ts';
import {
  type RefundEsim,
  type RefundOrder,
  type RefundRepository,
  type RefundRow,
  STALE_REFUND_MS,
} from './refund.repository.ts';

/**
 * What {@link RefundService} needs of its storage: `RefundRepository`, or an in-memory fake in
 * unit tests (`refund.repository.fake.ts`).
 */
export type RefundStore = Pick<
  RefundRepository,
  | 'findOrder'
  | 'findOrderById'
  | 'esimsOf'
  | 'claim'
  | 'refundOf'
  | 'fail'
  | 'complete'
  | 'recordRefundedPayment'
  | 'addEvent'
>;

/** Cancels at the eSIM provider the bundles of a refunded order it could not cancel at once. */
export const REFUND_CANCEL_ESIMS_JOB = 'refund-cancel-esims';

/** The payment provider's idempotency key of an order's refund: one per order, reused by retries. */
export const refundKey = (orderId: number) => `refund:${orderId}`;

/** One eSIM of the order as the eSIM provider reports it now, with the order's bundles on it. */
interface EsimReading {
  esim: RefundEsim;
  verdict: EsimVerdict;
  profileState: string | null;
  firstUsedAt: Date | null;
  /** The provider failed with a retryable error (a later attempt may read it). */
  retryable: boolean;
  /** The order's bundles on this eSIM, with the provider's assignment. */
  bundles: BundleAssignment[];
}

/** A bundle a refund dealt with: `revoked`, or the state that kept it. */
interface BundleOutcome {
  iccid: string;
  bundle: string;
  state: string;
}

/** What cancelling the order's bundles at the eSIM provider did. */
interface CancelOutcome {
  cancelled: BundleOutcome[];
  kept: BundleOutcome[];
  errors: { iccid: string; bundle: string | null; message: string; retryable: boolean }[];
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1_000);
}

function toRecord(row: RefundRow): RefundRecord {
  return {
    status: row.status,
    amountCents: row.amountCents,
    providerReference: row.providerReference,
    reason: row.reason,
    override: row.override,
    actor: row.actor,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/**
 * Refunds (refund policy of docs/product-rules.md#refunds), behind
 * `GET /api/orders/{id}/refund-check`, `POST /api/orders/{id}/refund` and the orders part's
 * `PATCH /api/orders/{id}/status` to `refunded` (as the {@link OrderRefunder} port).
 *
 * A refund of an order, in this order:
 * 1. the policy, read from the eSIM provider first (`getEsim`, `listBundles`; the store's copy is
 *    not trusted): a full refund within {@link REFUND_WINDOW_DAYS} days of purchase when no eSIM of
 *    the order was activated (for a top-up: when its bundle has not started); otherwise refused
 *    (409 `refund_refused`) unless an admin overrides with a reason;
 * 2. the order's one `refunds` row is claimed (`pending`; unique `order_id`, so a second refund,
 *    even concurrent, gets 409 `refund_in_progress` or `already_refunded`);
 * 3. the payment provider refunds the order's total on its charge with the idempotency key
 *    `refund:<orderId>` (a retry reuses it, so the money moves once); a failure leaves the refund
 *    `failed` with the error and the order as it was, and may be retried;
 * 4. the order's bundles that have not started are cancelled (revoked) at the eSIM provider; those
 *    it cannot cancel now are retried by the job `refund-cancel-esims`;
 * 5. in one transaction: the refund `succeeded`, the order moved to `refunded` by `transition()`
 *    (from processing, processed, shipped or completed, per `ORDER_TRANSITIONS`), the timeline entry
 *    (`order_events` kind `refund`: actor, amount, reference, override, reason), and with `notify`
 *    the job `order-notification` `{ orderId, status: 'refunded', actor }`.
 */
export class RefundService implements OrderRefunder {
  private readonly now: () => Date;

  constructor(
    private readonly deps: {
      repo: RefundStore;
      payments: PaymentProvider;
      esimProvider: EsimProvider;
      /** Wakes the job worker once jobs are committed. */
      jobs: { wake(): void };
      /**
       * Refreshes the store's copy of an eSIM (the portal's usage sync) after its bundles were
       * cancelled, so that the order screen and the portal show them revoked. Best effort.
       */
      refreshEsim?: (orderId: number, iccid: string) => Promise<void>;
      log?: { warn(details: object, message: string): void };
      /** Clock (tests). */
      now?: () => Date;
    },
  ) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Registers the `refund-cancel-esims` handler on `queue`. */
  register(queue: Pick<JobQueue, 'register'>): void {
    queue.register(REFUND_CANCEL_ESIMS_JOB, { run: (job) => this.cancelLater(job) });
  }

  /**
   * Whether the order can be refunded in full now, and why not (`GET /api/orders/{id}/refund-check`).
   * Reads each eSIM of the order from the eSIM provider (unless a final reason, such as an
   * earlier refund, already settles it). Changes nothing.
   * @param orderNumber `ORD-…`
   * @throws NotFoundError 404 for an unknown or malformed order number.
   */
  async check(orderNumber: string): Promise<RefundCheck> {
    const { order, refund } = await this.load(orderNumber);
    const now = this.now();
    const days = daysSincePurchase(order.createdAt, now);
    const final = this.finalReasons(order, refund, now);
    const readings = final.length > 0 ? [] : await this.read(order);
    const policy =
      final.length > 0 ? [] : policyReasons({ kind: order.kind, days, esims: readings.map((r) => r.verdict) });
    const reasons = [...final, ...policy];
    return {
      orderNumber: order.orderNumber,
      kind: order.kind,
      status: isOrderStatus(order.status) ? order.status : 'pending',
      paymentMethod: order.paymentMethod,
      amountCents: order.totalCents,
      currency: 'USD',
      purchasedAt: order.createdAt.toISOString(),
      daysSincePurchase: days,
      windowDays: REFUND_WINDOW_DAYS,
      eligible: reasons.length === 0,
      overridable: overridable(reasons),
      activatedIccids: readings.filter((r) => r.verdict.activated === true).map((r) => r.esim.iccid),
      reasons,
      esims: readings.map((r) => ({
        iccid: r.esim.iccid,
        activated: r.verdict.activated,
        profileState: r.profileState,
        firstUsedAt: r.firstUsedAt?.toISOString() ?? null,
        cancellableBundles: r.bundles.filter((b) => bundleAction(b) === 'cancel').length,
        error: r.verdict.error,
      })),
      refund: refund ? toRecord(refund) : null,
    };
  }

  /**
   * The order's status and refund as stored (the audit log's before and after); no provider call.
   * @returns undefined for a malformed or unknown order number.
   */
  async snapshot(orderNumber: string): Promise<{ status: string; refund: RefundRecord | null } | undefined> {
    if (!orderNumberParamsSchema.safeParse({ id: orderNumber }).success) return undefined;
    const found = await this.deps.repo.findOrder(orderNumber);
    return found ? { status: found.order.status, refund: found.refund ? toRecord(found.refund) : null } : undefined;
  }

  /**
   * Refunds the order in full under the refund policy (see the class comment for the steps).
   * @param input `actor` `admin:<username>`; `reason` (up to 500 characters, required with
   *   `override`); `override` refunds against the policy; `notify` e-mails the customer.
   * @returns the order (now `refunded`), the refund, the bundles cancelled at the eSIM provider,
   *   those kept (started or ended) and those not cancelled yet (retried in the background).
   * @throws ValidationError 400 `reason` (missing with `override`, too long, bad characters);
   *   NotFoundError 404 (unknown order); ConflictError 409 `refund_refused` (the policy; the message
   *   names the activated ICCIDs or the days since purchase), `already_refunded`,
   *   `refund_in_progress`, `invalid_transition` (not paid, or a status that cannot be refunded);
   *   UpstreamError 502 (the payment provider refused) or 503 (unreachable): the refund is
   *   `failed`, the order unchanged, and a retry may succeed.
   */
  async refundOrder(input: {
    orderNumber: string;
    actor: string;
    reason?: string | undefined;
    override?: boolean | undefined;
    notify?: boolean | undefined;
  }): Promise<RefundResponse> {
    const reason = input.reason?.trim() || null;
    if (reason !== null && reason.length > REFUND_REASON_MAX_LENGTH) {
      throw new ValidationError(`reason: at most ${REFUND_REASON_MAX_LENGTH} characters`, 'reason');
    }
    if (reason !== null && !isMultiLineText(reason)) throw new ValidationError('reason: invalidCharacters', 'reason');
    if (input.override && reason === null) {
      throw new ValidationError('reason: a reason is required to override the refund policy', 'reason');
    }
    const { order, refund: earlier } = await this.load(input.orderNumber);
    this.assertRefundable(order, earlier);

    const days = daysSincePurchase(order.createdAt, this.now());
    const readings = await this.read(order);
    const policy = policyReasons({ kind: order.kind, days, esims: readings.map((r) => r.verdict) });
    if (policy.length > 0 && !input.override) {
      throw new ConflictError(
        `Refund refused by the refund policy: ${policy.map((r) => r.message).join(' ')} An admin may override it with a reason.`,
        'refund_refused',
      );
    }
    const claim = await this.deps.repo.claim(order.id, {
      idempotencyKey: refundKey(order.id),
      amountCents: order.totalCents,
      reason,
      override: policy.length > 0,
      actor: input.actor,
    });
    if ('existing' in claim) throw this.conflictOf(order, claim.existing);
    const refund = claim.claimed;

    const paid = await this.pay(order, refund);
    const cancel = await this.cancelBundles(readings);
    const event = {
      actor: input.actor,
      message: `Refunded ${usd.format(refund.amountCents / 100)}${paid.reference ? ` (${paid.reference})` : ''}${
        refund.override ? ' against the refund policy' : ''
      }${reason ? `: ${reason}` : ''}`,
      data: {
        status: 'succeeded',
        amountCents: refund.amountCents,
        reference: paid.reference,
        paymentMethod: order.paymentMethod,
        override: refund.override,
        reason,
        policy: policy.map((r) => r.code),
        notify: Boolean(input.notify),
        cancelledBundles: cancel.cancelled,
        keptBundles: cancel.kept,
        cancelErrors: cancel.errors,
      },
    };
    const jobs: EnqueueRequest[] = [];
    if (input.notify) {
      jobs.push({
        type: ORDER_NOTIFICATION_JOB,
        payload: { orderId: order.id, status: 'refunded', actor: input.actor },
        dedupeKey: notificationJobKey(order.id),
      });
    }
    if (cancel.errors.some((e) => e.retryable)) {
      jobs.push({
        type: REFUND_CANCEL_ESIMS_JOB,
        payload: { orderId: order.id, actor: input.actor },
        dedupeKey: `refund-cancel-esims:${order.id}`,
      });
    }
    let done: RefundRow | undefined;
    try {
      done = await this.deps.repo.complete(refund, {
        providerReference: paid.reference,
        note: reason ?? 'Refunded in full',
        event,
        jobs,
      });
    } catch (error) {
      if (!(error instanceof InvalidTransitionError)) throw error;
      // The money moved: record it, and leave the status (changed meanwhile) to an admin.
      await this.deps.repo.recordRefundedPayment(refund, paid.reference, event);
      throw new ConflictError(
        `The payment was refunded${paid.reference ? ` (${paid.reference})` : ''}, but order ${order.orderNumber} is now ${error.from ?? 'unknown'} and cannot be marked refunded.`,
        'invalid_transition',
      );
    }
    if (!done) throw this.conflictOf(order, (await this.deps.repo.refundOf(order.id)) ?? refund);
    if (jobs.length > 0) this.deps.jobs.wake();
    await this.refresh(readings, cancel);
    return {
      orderNumber: order.orderNumber,
      status: 'refunded',
      refund: toRecord(done),
      cancelledBundles: cancel.cancelled,
      keptBundles: cancel.kept,
      cancelErrors: cancel.errors.map(({ retryable: _retryable, ...e }) => e),
      notified: Boolean(input.notify),
    };
  }

  /** @throws NotFoundError 404 for a malformed or unknown order number. */
  private async load(orderNumber: string) {
    const found = orderNumberParamsSchema.safeParse({ id: orderNumber }).success
      ? await this.deps.repo.findOrder(orderNumber)
      : undefined;
    if (!found) throw new NotFoundError('Order Not Found', 'id');
    return found;
  }

  /** The reasons no override can pass: refunded, a refund running, not paid, a status that cannot be refunded. */
  private finalReasons(order: RefundOrder, refund: RefundRow | undefined, now: Date): RefundCheckReason[] {
    if (order.status === 'refunded' || refund?.status === 'succeeded') {
      const reference = refund?.providerReference ? ` (${refund.providerReference})` : '';
      return [{ code: 'already_refunded', message: `Order ${order.orderNumber} was already refunded${reference}.` }];
    }
    if (refund?.status === 'pending' && now.getTime() - refund.createdAt.getTime() < STALE_REFUND_MS) {
      return [
        {
          code: 'refund_in_progress',
          message: `A refund of order ${order.orderNumber} is in progress (started by ${refund.actor} at ${refund.createdAt.toISOString()}).`,
        },
      ];
    }
    if (order.paymentStatus !== 'succeeded' || order.paymentReference === null) {
      return [
        {
          code: 'not_paid',
          message: `Order ${order.orderNumber} has no captured payment to refund (it is ${order.status}).`,
        },
      ];
    }
    if (!isOrderStatus(order.status) || !canTransition(order.status, 'refunded')) {
      return [{ code: 'status', message: `An order that is ${order.status} cannot be refunded.` }];
    }
    return [];
  }

  /** @throws ConflictError 409 for the first final reason (`already_refunded`, `refund_in_progress`, `invalid_transition`). */
  private assertRefundable(order: RefundOrder, refund: RefundRow | undefined): void {
    const [first] = this.finalReasons(order, refund, this.now());
    if (!first) return;
    const code =
      first.code === 'already_refunded' || first.code === 'refund_in_progress' ? first.code : 'invalid_transition';
    throw new ConflictError(first.message, code);
  }

  /** The 409 for a refund another attempt holds: in progress, or done. */
  private conflictOf(order: RefundOrder, refund: RefundRow): ConflictError {
    return refund.status === 'succeeded'
      ? new ConflictError(
          `Order ${order.orderNumber} was already refunded${refund.providerReference ? ` (${refund.providerReference})` : ''}.`,
          'already_refunded',
        )
      : new ConflictError(
          `A refund of order ${order.orderNumber} is in progress (started by ${refund.actor}).`,
          'refund_in_progress',
        );
  }

  /**
   * Refunds the refund's amount on the order's charge with the key `refund:<orderId>`; nothing for
   * a free order. On failure the refund is marked `failed` (with a timeline entry) and the error
   * thrown.
   * @throws UpstreamError 502 (refused, or a provider error that will not pass by itself) or 503
   *   (the provider cannot be reached; try again).
   */
  private async pay(order: RefundOrder, refund: RefundRow): Promise<{ reference: string | null }> {
    if (refund.amountCents === 0 || order.paymentReference === null) return { reference: null };
    let result: RefundResult;
    try {
      result = await this.deps.payments.refund({
        chargeReference: order.paymentReference,
        amountCents: refund.amountCents,
        idempotencyKey: refund.idempotencyKey,
      });
    } catch (error) {
      await this.failed(refund, messageOf(error));
      if (error instanceof PaymentProviderError) {
        throw error.retryable
          ? new UpstreamError(
              `The payment service is not available right now (${error.message}). Nothing was refunded; try again.`,
              503,
            )
          : new UpstreamError(`The payment service refused the refund: ${error.message}`, 502);
      }
      throw error;
    }
    if (result.status === 'failed') {
      const message = result.failureMessage ?? 'The payment service refused the refund.';
      await this.failed(refund, message);
      throw new UpstreamError(`The payment service refused the refund: ${message}`, 502);
    }
    return { reference: result.reference };
  }

  private async failed(refund: RefundRow, error: string): Promise<void> {
    try {
      await this.deps.repo.fail(refund, error, {
        actor: refund.actor,
        message: `Refund of ${usd.format(refund.amountCents / 100)} failed: ${error}`,
        data: {
          status: 'failed',
          amountCents: refund.amountCents,
          override: refund.override,
          reason: refund.reason,
          error,
        },
      });
    } catch (failure) {
      // The refund stays `pending` and becomes retryable once stale; the provider's key keeps it single.
      this.deps.log?.warn({ err: failure, refundId: refund.id }, 'could not record a failed refund');
    }
  }

  /**
   * Reads every eSIM of the order from the eSIM provider (profile and bundles, one eSIM after
   * another: eSIM Go allows 10 requests/s) and pairs the order's bundle rows with the provider's
   * assignments. A failed read is kept as `activated: null` with the error.
   */
  private async read(order: RefundOrder): Promise<EsimReading[]> {
    const readings: EsimReading[] = [];
    for (const esim of await this.deps.repo.esimsOf(order)) {
      try {
        const [details, assignments] = await Promise.all([
          this.deps.esimProvider.getEsim(esim.iccid),
          this.deps.esimProvider.listBundles(esim.iccid),
        ]);
        const { updates } = matchAssignments(esim.bundles, assignments);
        const ofOrder = new Set(esim.bundles.filter((b) => b.ofOrder).map((b) => b.id));
        const bundles = updates.filter((u) => ofOrder.has(u.rowId)).map((u) => u.assignment);
        const { activated, why } =
          order.kind === 'topup'
            ? {
                activated: bundles.some(bundleStarted),
                why: bundles.filter(bundleStarted).map((b) => `bundle ${b.bundle} ${b.state}`),
              }
            : esimActivation(details, assignments);
        readings.push({
          esim,
          verdict: { iccid: esim.iccid, activated, why, error: null },
          profileState: details.profileState,
          firstUsedAt: details.firstUsedAt,
          retryable: false,
          bundles,
        });
      } catch (error) {
        readings.push({
          esim,
          verdict: { iccid: esim.iccid, activated: null, why: [], error: messageOf(error) },
          profileState: null,
          firstUsedAt: null,
          retryable: !(error instanceof EsimProviderError) || error.retryable,
          bundles: [],
        });
      }
    }
    return readings;
  }

  /**
   * Cancels (revokes) at the eSIM provider the order's bundles that have not started; keeps the
   * others. A failure is reported, never thrown: the money is already refunded.
   */
  private async cancelBundles(readings: readonly EsimReading[]): Promise<CancelOutcome> {
    const outcome: CancelOutcome = { cancelled: [], kept: [], errors: [] };
    for (const reading of readings) {
      const { iccid } = reading.esim;
      if (reading.verdict.error !== null) {
        outcome.errors.push({ iccid, bundle: null, message: reading.verdict.error, retryable: reading.retryable });
        continue;
      }
      for (const assignment of reading.bundles) {
        const action = bundleAction(assignment);
        if (action === 'keep') {
          outcome.kept.push({ iccid, bundle: assignment.bundle, state: assignment.state });
          continue;
        }
        if (action === 'cancel') {
          try {
            await this.deps.esimProvider.revokeBundle({
              iccid,
              bundle: assignment.bundle,
              assignmentId: assignment.id,
            });
          } catch (error) {
            const retryable = !(error instanceof EsimProviderError) || error.retryable;
            outcome.errors.push({ iccid, bundle: assignment.bundle, message: messageOf(error), retryable });
            continue;
          }
        }
        outcome.cancelled.push({ iccid, bundle: assignment.bundle, state: 'revoked' });
      }
    }
    return outcome;
  }

  /** Refreshes the store's copy of the eSIMs whose bundles were cancelled; failures are only logged. */
  private async refresh(readings: readonly EsimReading[], cancel: CancelOutcome): Promise<void> {
    if (!this.deps.refreshEsim) return;
    const touched = new Set(cancel.cancelled.map((c) => c.iccid));
    for (const reading of readings) {
      if (!touched.has(reading.esim.iccid)) continue;
      try {
        await this.deps.refreshEsim(reading.esim.orderId, reading.esim.iccid);
      } catch (error) {
        this.deps.log?.warn({ err: error, iccid: reading.esim.iccid }, 'could not refresh an eSIM after a refund');
      }
    }
  }

  /**
   * The `refund-cancel-esims` job: reads the refunded order's eSIMs again and cancels the bundles
   * still not started, recording what it did on the timeline.
   * @throws Error while the provider fails with a retryable error (the job backs off and retries).
   */
  private async cancelLater(job: Job): Promise<void> {
    const orderId = Number(job.payload.orderId);
    const actor = typeof job.payload.actor === 'string' ? job.payload.actor : 'system';
    const order = Number.isSafeInteger(orderId) ? await this.deps.repo.findOrderById(orderId) : undefined;
    if (!order) throw new PermanentJobError(`Order ${String(job.payload.orderId)} does not exist`);
    if (order.status !== 'refunded') return;
    const readings = await this.read(order);
    const cancel = await this.cancelBundles(readings);
    if (cancel.cancelled.length > 0 || cancel.errors.some((e) => !e.retryable)) {
      await this.deps.repo.addEvent(order.id, {
        actor,
        message: `Cancelled ${cancel.cancelled.length} bundle(s) of the refunded order at the eSIM provider`,
        data: {
          status: 'cancelled_bundles',
          cancelledBundles: cancel.cancelled,
          keptBundles: cancel.kept,
          cancelErrors: cancel.errors,
        },
      });
    }
    await this.refresh(readings, cancel);
    const pending = cancel.errors.filter((e) => e.retryable);
    if (pending.length > 0)
      throw new Error(`Bundles not cancelled yet: ${pending.map((e) => `${e.iccid} ${e.message}`).join('; ')}`);
  }
}
