/**
 * The mailer port (decision record 0006): nodemailer underneath. With `SMTP_URL` messages
 * are sent over SMTP; without it they are stored in the `email_messages` table, which the admin
 * Outbox shows. Either way every message is recorded there.
 */

/** An inline image referenced from the HTML as `cid:<cid>` (the QR code). */
export interface InlineImage {
  cid: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

/** One message to send. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Template id, e.g. `order-confirmation`. */
  template: string;
  language: string;
  orderId?: number | undefined;
  inlineImages?: InlineImage[] | undefined;
  /** Where replies go (`Reply-To`), e.g. the sender of a support message; not kept in the Outbox. */
  replyTo?: string | undefined;
}

/** Sends (or stores) messages. */
export interface Mailer {
  /** `smtp` or `database`. */
  readonly transport: string;
  /**
   * Sends one message and records it.
   * @returns the `email_messages` row id.
   * @throws Error when the SMTP server refuses or cannot be reached (callers retry via the job queue).
   */
  send(message: OutgoingEmail): Promise<number>;
}
