import { type Job, type JobHandler, type JobQueue, PermanentJobError } from '../../../lib/jobs.ts';
import type { Mailer } from '../../../providers/mail/mailer.ts';
import {
  type EmailLog,
  orderConfirmationDataFromView,
  renderOrderConfirmation,
  renderOrderStatusEmail,
} from '../../email/email.module.ts';
import {
  ORDER_NOTIFICATION_JOB,
  RESEND_ORDER_EMAIL_JOB,
  orderNotificationPayloadSchema,
  resendOrderEmailPayloadSchema,
} from '../order-jobs.ts';
import { toOrderView } from '../order-view.ts';
import type { OrdersRepository } from '../orders.repository.ts';
import type { AdminOrdersRepository } from './admin-orders.repository.ts';

/**
 * The admin area's e-mail jobs, run by the durable job queue:
 * - `order-notification` `{ orderId, status, actor }`: the customer's e-mail about the order's
 *   status (template `order-status-<status>`, the order's language), recorded on the order as an
 *   `order_events` row of kind `notification` naming the e-mail; enqueued by
 *   `POST /api/orders/{id}/notify`, a status change with `notify` and a refund with `notify`;
 * - `resend-order-email` `{ orderId, actor, messageId | accessToken }`: the order's confirmation
 *   again, as stored (`messageId`) or rendered afresh with a new access token, recorded as
 *   `confirmation_resent`.
 *
 * A run that sent its e-mail but died before recording it sends again on retry (at least once,
 * like every e-mail of the store); a run that recorded it sends nothing more (the event names the
 * job). The mailer records every attempt in the Outbox, failed ones included.
 */
export class OrderEmailJobs {
  constructor(
    private readonly deps: {
      repo: AdminOrdersRepository;
      orders: OrdersRepository;
      mailer: Mailer;
      /** The e-mail log: the stored copy a resend sends again. */
      emailLog: Pick<EmailLog, 'messageOfOrder'>;
      /** The store's public origin for links, e.g. `https://roamwise.example`. */
      publicOrigin: string;
    },
  ) {}

  /** Registers both handlers on `queue`. */
  register(queue: Pick<JobQueue, 'register'>): void {
    const notification: JobHandler = { run: (job) => this.sendNotification(job) };
    // The new access token travels in the payload only until the e-mail is sent.
    const resend: JobHandler = { run: (job) => this.resend(job), scrubOnSuccess: ['accessToken'] };
    queue.register(ORDER_NOTIFICATION_JOB, notification);
    queue.register(RESEND_ORDER_EMAIL_JOB, resend);
  }

  private origin(): string {
    return this.deps.publicOrigin.replace(/\/+$/, '');
  }

  /** Sends the status message of an `order-notification` job and records it on the order. */
  async sendNotification(job: Pick<Job, 'id' | 'type' | 'payload'>): Promise<void> {
    const parsed = orderNotificationPayloadSchema.safeParse(job.payload);
    if (!parsed.success) throw new PermanentJobError(`Bad ${job.type} payload: ${parsed.error.message}`);
    const { orderId, status, actor } = parsed.data;
    const order = await this.deps.orders.findById(orderId);
    if (!order) throw new PermanentJobError(`Order ${orderId} does not exist`);
    if (await this.deps.repo.notificationSent(orderId, job.id)) return;
    const { lines } = await this.deps.orders.contents(orderId);
    const refund = status === 'refunded' ? await this.deps.repo.succeededRefund(orderId) : undefined;
    const email = await renderOrderStatusEmail(
      status,
      {
        customerName: order.customerName,
        orderNumber: order.orderNumber,
        orderDate: order.createdAt,
        totalCents: order.totalCents,
        items: lines.map((l) => ({
          name: l.name,
          // The plan's facts, so the e-mail names it in the customer's language
          // (`planName`), not by the catalogue's English name.
          plan: { countryCode: l.countryCode, dataAmount: l.dataAmount, validityDays: l.validityDays, tier: l.tier },
          quantity: l.quantity,
          lineTotalCents: l.lineTotalCents,
        })),
        refundCents: refund?.amountCents,
        portalUrl: `${this.origin()}/portal`,
      },
      order.language,
    );
    const emailId = await this.deps.mailer.send({
      to: order.customerEmail,
      subject: email.subject,
      html: email.html,
      text: email.text,
      template: email.template,
      language: email.language,
      orderId,
    });
    await this.deps.repo.addEvent({
      orderId,
      kind: 'notification',
      actor,
      message: `Customer notified: ${status}`,
      data: { status, emailId, jobId: job.id, template: email.template, language: email.language },
    });
  }

  /** Sends the confirmation of a `resend-order-email` job and records it on the order. */
  async resend(job: Pick<Job, 'id' | 'type' | 'payload'>): Promise<void> {
    const parsed = resendOrderEmailPayloadSchema.safeParse(job.payload);
    if (!parsed.success) throw new PermanentJobError(`Bad ${job.type} payload: ${parsed.error.message}`);
    const { orderId, actor, messageId, accessToken } = parsed.data;
    const order = await this.deps.orders.findById(orderId);
    if (!order) throw new PermanentJobError(`Order ${orderId} does not exist`);
    if (await this.deps.repo.notificationSent(orderId, job.id)) return;
    let emailId: number;
    let template: string;
    if (messageId !== undefined) {
      const copy = await this.deps.emailLog.messageOfOrder(orderId, messageId);
      if (!copy) throw new PermanentJobError(`E-mail ${messageId} of order ${order.orderNumber} does not exist`);
      template = copy.template;
      emailId = await this.deps.mailer.send({
        to: order.customerEmail,
        subject: copy.subject,
        html: copy.html,
        text: copy.text,
        template: copy.template,
        language: copy.language,
        orderId,
        inlineImages: copy.attachments.map((a) => ({
          cid: a.cid,
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.contentBase64, 'base64'),
        })),
      });
    } else {
      const { lines, esims } = await this.deps.orders.contents(orderId);
      if (esims.length === 0) throw new PermanentJobError(`Order ${order.orderNumber} has no eSIMs to confirm`);
      const email = await renderOrderConfirmation(
        orderConfirmationDataFromView(toOrderView(order, lines, esims), accessToken!, this.origin()),
        order.language,
      );
      template = email.template;
      emailId = await this.deps.mailer.send({
        to: order.customerEmail,
        subject: email.subject,
        html: email.html,
        text: email.text,
        template: email.template,
        language: email.language,
        orderId,
        inlineImages: email.inlineImages,
      });
    }
    await this.deps.repo.addEvent({
      orderId,
      kind: 'confirmation_resent',
      actor,
      message:
        messageId !== undefined ? 'Confirmation e-mail sent again' : 'Confirmation e-mail sent with a new access token',
      data: {
        emailId,
        jobId: job.id,
        template,
        ...(messageId !== undefined ? { copyOf: messageId } : { newToken: true }),
      },
    });
  }
}
