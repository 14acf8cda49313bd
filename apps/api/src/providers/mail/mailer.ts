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

/** One recorded message, as the mailer writes it to the store's e-mail log. */
export interface MailRecord {
  to: string;
  subject: string;
  html: string;
  text: string;
  template: string;
  language: string;
  orderId: number | null;
  /** Inline images, base64. */
  attachments: { cid: string; filename: string; contentType: string; contentBase64: string }[];
  /** `sent` (SMTP), `stored` (no SMTP) or `failed` (the SMTP error in `error`). */
  status: 'sent' | 'stored' | 'failed';
  error?: string | undefined;
  sentAt?: Date | undefined;
}

/** Where the mailer records every message (the e-mail module's log, shown in the admin Outbox). */
export interface MailLog {
  /**
   * Records one message.
   * @returns the new row id.
   * @throws the driver's error when the database refuses the row (e.g. an unknown `orderId`).
   */
  insert(row: MailRecord): Promise<number>;
}
