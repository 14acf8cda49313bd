import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { MailLog, MailRecord, Mailer, OutgoingEmail } from './mailer.ts';

/** The part of a nodemailer transporter the mailer uses (lets tests and adapters stand in). */
export interface MailTransporter {
  sendMail(message: SendMailOptions): Promise<unknown>;
}

/** Options of {@link NodemailerMailer}. */
export interface NodemailerMailerOptions {
  /** Sender mailbox, e.g. `Roamwise <orders@roamwise.example>`. */
  from: string;
  /** `smtp://` or `smtps://` URL; undefined selects the database transport. */
  smtpUrl?: string | undefined;
}

/** Longest error text kept in `email_messages.error`, characters. */
const MAX_ERROR_LENGTH = 2000;

/**
 * Timeouts of the SMTP transport, ms. Nodemailer's defaults (2 min to connect, 10 min idle) would
 * hold a fulfilment job far too long; query parameters of `SMTP_URL` (e.g. `?socketTimeout=60000`)
 * override these.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

/**
 * The {@link Mailer} on nodemailer (decision record 0006).
 *
 * - `smtp` transport (`SMTP_URL` set): sends the message with its inline images as `cid:`
 *   attachments (`Content-Disposition: inline`), then records one row with status `sent`. When
 *   the server refuses or cannot be reached it records a row with status `failed` and the error,
 *   and rethrows: the caller's durable job retries, so the Outbox shows every attempt.
 * - `database` transport (no `SMTP_URL`): records the row with status `stored`; nothing leaves
 *   the process. That table is the admin Outbox of the embedded default.
 *
 * Inline images are kept in the row as base64 attachments either way, so the Outbox can show
 * the message as sent. Delivery is at least once: a crash between the SMTP `250 OK` and the
 * insert makes the job send again.
 */
export class NodemailerMailer implements Mailer {
  readonly transport: 'smtp' | 'database';
  private readonly transporter: MailTransporter | undefined;

  /**
   * @param repository where rows are written.
   * @param options sender and SMTP URL.
   * @param transporter replaces the SMTP transporter built from `options.smtpUrl` (tests).
   */
  constructor(
    private readonly repository: MailLog,
    private readonly options: NodemailerMailerOptions,
    transporter?: MailTransporter,
  ) {
    this.transporter =
      transporter ??
      (options.smtpUrl ? nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS }) : undefined);
    this.transport = this.transporter ? 'smtp' : 'database';
  }

  /**
   * Sends (smtp) or stores (database) one message and records it in `email_messages`.
   * @returns the row id: status `sent` (smtp) or `stored` (database).
   * @throws the SMTP error (after recording a `failed` row) when the server refuses the message
   *   or cannot be reached; the database error when the row cannot be written.
   */
  async send(message: OutgoingEmail): Promise<number> {
    const images = message.inlineImages ?? [];
    const row: Omit<MailRecord, 'status'> = {
      to: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      template: message.template,
      language: message.language,
      orderId: message.orderId ?? null,
      attachments: images.map((i) => ({
        cid: i.cid,
        filename: i.filename,
        contentType: i.contentType,
        contentBase64: i.content.toString('base64'),
      })),
    };
    if (!this.transporter) return this.repository.insert({ ...row, status: 'stored' });

    try {
      await this.transporter.sendMail({
        from: this.options.from,
        to: message.to,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        subject: message.subject,
        html: message.html,
        text: message.text,
        attachments: images.map((i) => ({
          cid: i.cid,
          filename: i.filename,
          contentType: i.contentType,
          content: i.content,
          contentDisposition: 'inline' as const,
        })),
      });
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      try {
        await this.repository.insert({ ...row, status: 'failed', error: text.slice(0, MAX_ERROR_LENGTH) });
      } catch (recordError) {
        throw new AggregateError([error, recordError], `SMTP send failed (${text}) and could not be recorded`);
      }
      throw error;
    }
    return this.repository.insert({ ...row, status: 'sent', sentAt: new Date() });
  }
}
