import { z } from 'zod';
import { type Job, type JobHandler, type JobQueue, PermanentJobError } from '../../lib/jobs.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import {
  type EmailLog,
  SUPPORT_ACKNOWLEDGEMENT_TEMPLATE,
  SUPPORT_DESK_LANGUAGE,
  SUPPORT_MESSAGE_TEMPLATE,
  renderSupportAcknowledgement,
  renderSupportMessage,
} from '../email/email.module.ts';
import type { SupportRepository } from './support.repository.ts';

/** Job type of a contact-form message's e-mails: the support desk's copy and the sender's acknowledgement. */
export const SEND_SUPPORT_MESSAGE_JOB = 'send-support-message';

/** Attempts of {@link SEND_SUPPORT_MESSAGE_JOB} before it is marked failed (backoff 1 s, 2 s, 4 s...). */
export const SUPPORT_JOB_MAX_ATTEMPTS = 8;

/** Payload of {@link SEND_SUPPORT_MESSAGE_JOB}: the message's id only; its text stays in `support_messages`. */
export const supportJobPayloadSchema = z.object({ messageId: z.number().int().positive() });

/**
 * The durable job that e-mails a contact-form message (docs/product-rules.md#support-messages), enqueued with the message in
 * one transaction (`SupportRepository.create`):
 *
 * 1. to the support desk (`SUPPORT_EMAIL`), template `support-message`, in English, `Reply-To`
 *    the sender, subject `[<reference>] <subject>`, the message as text (escaped in the HTML);
 * 2. to the sender, template `support-acknowledgement`, in the message's language, with the
 *    reference in the subject.
 *
 * On a retry, an e-mail the Outbox already records for this reference (sent or stored) is not
 * sent again, so a failure of the second never repeats the first. Delivery is at least once
 * (a crash between the SMTP `250 OK` and the Outbox row sends again), like every e-mail of the
 * store.
 */
export class SupportEmailJob {
  constructor(
    private readonly deps: {
      repo: SupportRepository;
      mailer: Mailer;
      /** The e-mail log: which of the two e-mails a retried job already sent. */
      emailLog: Pick<EmailLog, 'recorded'>;
      /** The support mailbox (`SUPPORT_EMAIL`). */
      supportEmail: string;
      /** The store's public origin for the admin link, e.g. `https://roamwise.example`. */
      publicOrigin: string;
    },
  ) {}

  /** Registers the handler on `queue`. */
  register(queue: Pick<JobQueue, 'register'>): void {
    const handler: JobHandler = { run: (job) => this.run(job) };
    queue.register(SEND_SUPPORT_MESSAGE_JOB, handler);
  }

  /**
   * Sends what is not yet sent of a message's two e-mails.
   * @throws PermanentJobError for a malformed payload; the mailer's error (the job retries).
   */
  async run(job: Pick<Job, 'type' | 'payload'>): Promise<void> {
    const parsed = supportJobPayloadSchema.safeParse(job.payload);
    if (!parsed.success) throw new PermanentJobError(`Bad ${job.type} payload: ${parsed.error.message}`);
    const row = await this.deps.repo.find(parsed.data.messageId);
    // Nothing to send for a message that no longer exists.
    if (!row) return;
    const { emailLog, mailer, supportEmail } = this.deps;
    if (!(await emailLog.recorded(SUPPORT_MESSAGE_TEMPLATE, supportEmail, row.reference))) {
      const origin = this.deps.publicOrigin.replace(/\/+$/, '');
      const desk = await renderSupportMessage(
        {
          reference: row.reference,
          name: row.name,
          email: row.email,
          subject: row.subject,
          message: row.message,
          senderLanguage: row.language,
          receivedAt: row.createdAt,
          adminUrl: `${origin}/admin/support-messages?id=${row.id}`,
        },
        SUPPORT_DESK_LANGUAGE,
      );
      await mailer.send({ to: supportEmail, replyTo: row.email, ...desk });
    }
    if (!(await emailLog.recorded(SUPPORT_ACKNOWLEDGEMENT_TEMPLATE, row.email, row.reference))) {
      const ack = await renderSupportAcknowledgement(
        { name: row.name, subject: row.subject, reference: row.reference, receivedAt: row.createdAt },
        row.language,
      );
      await mailer.send({ to: row.email, ...ack });
    }
  }
}
