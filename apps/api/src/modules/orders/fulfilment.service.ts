import { activationCode } from '@esim/contract/order';
import { type Job, type JobHandler, type JobQueue, PermanentJobError } from '../../lib/jobs.ts';
import type { EsimProvider } from '../../providers/esim/esim-provider.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import {
  ORDER_CONFIRMATION_TEMPLATE,
  orderConfirmationDataFromView,
  renderOrderConfirmation,
} from '../email/email.module.ts';
import { type EmailLog, TOPUP_RECEIPT_TEMPLATE, renderTopupReceipt } from '../email/email.module.ts';
import {
  PROVISION_ORDER_JOB,
  SEND_ORDER_EMAIL_JOB,
  type OrderJobPayload,
  orderJobPayloadSchema,
} from './order-jobs.ts';
import { toOrderView } from './order-view.ts';
import type { OrderRow, OrdersRepository } from './orders.repository.ts';

/**
 * What {@link FulfilmentService} needs of its storage: `OrdersRepository`, or an in-memory fake in
 * unit tests (`orders.repository.fake.ts`).
 */
export type FulfilmentStore = Pick<
  OrdersRepository,
  | 'findById'
  | 'findEsim'
  | 'linesWithProgress'
  | 'saveEsims'
  | 'saveTopupBundle'
  | 'queueConfirmation'
  | 'contents'
  | 'completeOrder'
  | 'recordFulfilmentError'
>;

/** Card brands as printed on receipts; others are shown as stored. */
const CARD_BRAND_LABELS: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** How the receipt names the payment: 'Visa •••• 4242' or 'PayPal'. */
function paymentLabel(order: Pick<OrderRow, 'paymentMethod' | 'cardBrand' | 'cardLast4'>): string {
  if (order.paymentMethod === 'paypal') return 'PayPal';
  const brand = order.cardBrand ? (CARD_BRAND_LABELS[order.cardBrand] ?? order.cardBrand) : 'Card';
  return order.cardLast4 ? `${brand} •••• ${order.cardLast4}` : brand;
}

function parsePayload(job: Job): OrderJobPayload {
  const parsed = orderJobPayloadSchema.safeParse(job.payload);
  if (!parsed.success) throw new PermanentJobError(`Bad ${job.type} payload: ${parsed.error.message}`);
  return parsed.data;
}

/**
 * eSIM fulfilment (docs/product-rules.md#fulfilment-and-delivery-of-the-esim-profile), run by the durable job queue after payment:
 * - `provision-order`: buys each line's eSIMs from the provider and stores them (with their main
 *   bundles), or for a top-up applies its bundle to the existing eSIM, then queues
 *   `send-order-email`;
 * - `send-order-email`: e-mails the activation details (or the top-up receipt) in the order's
 *   language, then moves the order processing -> completed (actor `system`).
 *
 * Exactly-once provisioning under at-least-once jobs: the provider order of a line is idempotent
 * by the reference `order-line-<lineId>` (a retry gets the same eSIMs, buys nothing more), and
 * `esims (order_line_id, unit_index)` is unique, so re-running after a crash at any point stores
 * no eSIM twice. The e-mail is not sent again once `email_messages` holds it for the order.
 * Failures back off and retry (non-retryable provider errors fail the job at once); each failure
 * is written to `orders.last_error` while the order stays `processing`, visible, never lost.
 */
export class FulfilmentService {
  constructor(
    private readonly deps: {
      repo: FulfilmentStore;
      esimProvider: EsimProvider;
      mailer: Mailer;
      /** The e-mail log: whether the confirmation was already stored or sent (a retried job sends it once). */
      emailLog: Pick<EmailLog, 'hasOrderMessage'>;
      /** The store's public origin for the e-mail's portal and order links, e.g. `https://roamwise.example`. */
      publicOrigin: string;
      /** Wakes the job worker once a job has been committed. */
      jobs: { wake(): void };
    },
  ) {}

  /** Registers both job handlers on `queue`. */
  register(queue: Pick<JobQueue, 'register'>): void {
    const onError = this.recordError.bind(this);
    const provision: JobHandler = {
      run: (job) => this.provisionOrder(parsePayload(job)),
      scrubOnSuccess: ['accessToken'],
      onError,
    };
    const email: JobHandler = {
      run: (job) => this.sendConfirmation(parsePayload(job)),
      scrubOnSuccess: ['accessToken'],
      onError,
    };
    queue.register(PROVISION_ORDER_JOB, provision);
    queue.register(SEND_ORDER_EMAIL_JOB, email);
  }

  /**
   * Provisions every line that holds fewer eSIMs than its quantity, then queues the e-mail.
   * Does nothing for an order that is not `processing` (completed already, cancelled).
   * @throws EsimProviderError from the provider (retryable or not); Error when a line is still short.
   */
  async provisionOrder(payload: OrderJobPayload): Promise<void> {
    const order = await this.deps.repo.findById(payload.orderId);
    if (!order) throw new PermanentJobError(`Order ${payload.orderId} does not exist`);
    if (order.status !== 'processing') return;
    if (order.kind === 'topup') await this.applyTopup(order);
    else await this.provisionEsims(order);
    if (!(await this.deps.repo.queueConfirmation(order.id, payload))) {
      throw new Error(`Order ${order.orderNumber} is still not delivered after provisioning`);
    }
    this.deps.jobs.wake();
  }

  /** Buys the missing eSIMs of every line of an order. */
  private async provisionEsims(order: OrderRow): Promise<void> {
    for (const line of await this.deps.repo.linesWithProgress(order.id)) {
      if (line.esimCount >= line.quantity) continue;
      const result = await this.deps.esimProvider.createOrder({
        reference: `order-line-${line.id}`,
        bundle: line.apiBundleName,
        quantity: line.quantity,
      });
      if (result.esims.length !== line.quantity) {
        throw new Error(
          `The provider delivered ${result.esims.length} eSIMs for line ${line.id} instead of ${line.quantity}`,
        );
      }
      const delivered = result.esims.map((esim, unitIndex) => ({
        unitIndex,
        iccid: esim.iccid,
        smdpAddress: esim.smdpAddress,
        matchingId: esim.matchingId,
        activationCode: activationCode(esim.smdpAddress, esim.matchingId),
      }));
      await this.deps.repo.saveEsims(line, result.reference, delivered);
    }
  }

  /**
   * Applies a top-up's bundle to its eSIM (eSIM Go `POST /orders` with `iccids`), idempotent by
   * the provider reference `order-line-<lineId>`, and records it on the eSIM (kind `topup`).
   * @throws PermanentJobError when the top-up has no eSIM or no line; EsimProviderError from the provider.
   */
  private async applyTopup(order: OrderRow): Promise<void> {
    const esim = order.topupEsimId === null ? undefined : await this.deps.repo.findEsim(order.topupEsimId);
    const [line] = await this.deps.repo.linesWithProgress(order.id);
    if (!esim || !line) throw new PermanentJobError(`Top-up ${order.orderNumber} has no eSIM or no line`);
    const { assignmentId } = await this.deps.esimProvider.applyBundle({
      reference: `order-line-${line.id}`,
      iccid: esim.iccid,
      bundle: line.apiBundleName,
    });
    await this.deps.repo.saveTopupBundle(line, esim.id, assignmentId);
  }

  /**
   * Sends the confirmation e-mail unless it was already sent, then completes the order.
   * @throws PermanentJobError when the access token is missing from the payload.
   * @throws Error when the mailer fails (retried with backoff).
   */
  async sendConfirmation(payload: OrderJobPayload): Promise<void> {
    const order = await this.deps.repo.findById(payload.orderId);
    if (!order) throw new PermanentJobError(`Order ${payload.orderId} does not exist`);
    if (order.status !== 'processing') return;
    const template = order.kind === 'topup' ? TOPUP_RECEIPT_TEMPLATE : ORDER_CONFIRMATION_TEMPLATE;
    if (!(await this.deps.emailLog.hasOrderMessage(order.id, template))) {
      const email =
        order.kind === 'topup' ? await this.renderTopupReceipt(order) : await this.renderConfirmation(order, payload);
      await this.deps.mailer.send({
        to: order.customerEmail,
        subject: email.subject,
        html: email.html,
        text: email.text,
        template: email.template,
        language: email.language,
        orderId: order.id,
        inlineImages: email.inlineImages,
      });
    }
    await this.deps.repo.completeOrder(order.id);
  }

  /** The confirmation of an order: its eSIMs' activation details and the access token (from the job). */
  private async renderConfirmation(order: OrderRow, payload: OrderJobPayload) {
    if (!payload.accessToken)
      throw new PermanentJobError(`The access token of order ${order.orderNumber} is no longer in the job`);
    const { lines, esims } = await this.deps.repo.contents(order.id);
    const data = orderConfirmationDataFromView(
      toOrderView(order, lines, esims),
      payload.accessToken,
      this.deps.publicOrigin,
    );
    return renderOrderConfirmation(data, order.language);
  }

  /** The receipt of a top-up: what was added to which eSIM, and the portal link. */
  private async renderTopupReceipt(order: OrderRow) {
    const { lines } = await this.deps.repo.contents(order.id);
    const esim = order.topupEsimId === null ? undefined : await this.deps.repo.findEsim(order.topupEsimId);
    const [line] = lines;
    if (!esim || !line) throw new PermanentJobError(`Top-up ${order.orderNumber} has no eSIM or no line`);
    return renderTopupReceipt(
      {
        customerName: order.customerName,
        orderNumber: order.orderNumber,
        orderDate: order.createdAt,
        productName: line.name,
        plan: {
          countryCode: line.countryCode,
          dataAmount: line.dataAmount,
          validityDays: Math.max(1, line.validityDays),
          tier: line.tier,
        },
        dataAmount: line.dataAmount,
        validityDays: line.validityDays,
        iccid: esim.iccid,
        totalCents: order.totalCents,
        paymentLabel: paymentLabel(order),
        portalUrl: `${this.deps.publicOrigin}/portal`,
      },
      order.language,
    );
  }

  /** Makes a failed attempt visible on the order (`orders.last_error` and its timeline). */
  private async recordError(job: Job, error: unknown, final: boolean): Promise<void> {
    const orderId = orderJobPayloadSchema.shape.orderId.safeParse(job.payload.orderId);
    if (!orderId.success) return;
    const reason = error instanceof Error ? error.message : String(error);
    const when = final
      ? `gave up after attempt ${job.attempts}`
      : `attempt ${job.attempts} of ${job.maxAttempts}, will retry`;
    await this.deps.repo.recordFulfilmentError(orderId.data, {
      message: `${job.type} (${when}): ${reason}`.slice(0, 1_000),
      jobType: job.type,
      attempt: job.attempts,
      maxAttempts: job.maxAttempts,
      final,
    });
  }
}
