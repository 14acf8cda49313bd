import type { EmailStatus, OutboxMessage, OutboxMessageDetail, OutboxPage } from '@esim/contract/admin';
import { ConflictError, NotFoundError, UpstreamError } from '../../lib/errors.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import { frameableDocumentPolicy, frameableHtml, hideSecrets, isSecretTemplate } from './email-copy.ts';
import type { EmailLog, OutboxFilter, OutboxMessageRow, OutboxRow } from '../email/email.module.ts';

/** What {@link OutboxService} uses. */
export interface OutboxDeps {
  log: EmailLog;
  /** Order numbers by order id (the orders module's). */
  orderNumbers: (ids: readonly number[]) => Promise<Map<number, string>>;
  /** The id of the order with this number (the orders module's). */
  orderIdByNumber: (orderNumber: string) => Promise<number | undefined>;
  mailer: Mailer;
  /** The template ids the store sends (the e-mail preview's registry), for the list's filter. */
  templates: () => readonly string[];
}

/** The HTML copy of a message, ready to serve: the document and its Content-Security-Policy. */
export interface FramedEmail {
  html: string;
  contentSecurityPolicy: string;
}

function toMessage(row: OutboxRow, orderNumbers: ReadonlyMap<number, string>): OutboxMessage {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    template: row.template,
    language: row.language,
    status: (['stored', 'sent', 'failed'].includes(row.status) ? row.status : 'failed') as EmailStatus,
    error: row.error,
    orderNumber: row.orderId === null ? null : (orderNumbers.get(row.orderId) ?? null),
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
  };
}

/** What an order number looks like (`ORD-` and its suffix). */
const ORDER_NUMBER = /^ORD-[A-Za-z0-9-]+$/i;

/** Bytes of a base64 body. */
function base64Bytes(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((text.length * 3) / 4) - padding);
}

/**
 * The admin Outbox (every e-mail the store sent or stored; docs/product-rules.md#e-mails): the list, one message with its text and attachments, its HTML copy for an
 * `<iframe>`, and resending a copy through the mailer.
 */
export class OutboxService {
  constructor(private readonly deps: OutboxDeps) {}

  /**
   * A page of messages, newest first (see `EmailLog.list`); `nextCursor` when more follow. A `q`
   * shaped like an order number (`ORD-…`) finds that order's messages; any other `q` matches part
   * of the recipient or the subject.
   */
  async list(filter: Omit<OutboxFilter, 'limit' | 'orderId'> & { limit: number }): Promise<OutboxPage> {
    const templates = [...this.deps.templates()].sort();
    const q = filter.q?.trim();
    let byOrder: Pick<OutboxFilter, 'q' | 'orderId'> = {};
    if (q && ORDER_NUMBER.test(q)) {
      const orderId = await this.deps.orderIdByNumber(q.toUpperCase());
      if (orderId === undefined) return { messages: [], nextCursor: null, templates };
      byOrder = { q: undefined, orderId };
    }
    const rows = await this.deps.log.list({ ...filter, ...byOrder, limit: filter.limit + 1 });
    const page = rows.slice(0, filter.limit);
    const numbers = await this.orderNumbersOf(page);
    return {
      messages: page.map((row) => toMessage(row, numbers)),
      nextCursor: rows.length > filter.limit && page.length > 0 ? String(page.at(-1)!.id) : null,
      templates,
    };
  }

  private orderNumbersOf(rows: readonly OutboxRow[]): Promise<Map<number, string>> {
    return this.deps.orderNumbers(rows.flatMap((r) => (r.orderId === null ? [] : [r.orderId])));
  }

  private async row(id: number): Promise<OutboxMessageRow> {
    const row = await this.deps.log.find(id);
    if (!row) throw new NotFoundError(`No e-mail message ${id}`, 'id');
    return row;
  }

  /**
   * One message: the list's fields, the text version (secrets hidden), its inline images (name,
   * type, size) and where its HTML copy is.
   * @throws NotFoundError (404) for an unknown id.
   */
  async get(id: number): Promise<OutboxMessageDetail> {
    const row = await this.row(id);
    const text = hideSecrets(row.template, row.text);
    const html = hideSecrets(row.template, row.html);
    return {
      ...toMessage(row, await this.orderNumbersOf([row])),
      text: text.body,
      attachments: row.attachments.map((a) => ({
        cid: a.cid,
        filename: a.filename,
        contentType: a.contentType,
        sizeBytes: base64Bytes(a.contentBase64),
      })),
      htmlUrl: `/api/admin/emails/${row.id}/html`,
      resendable: !isSecretTemplate(row.template),
      redacted: text.redacted || html.redacted,
    };
  }

  /**
   * The message's HTML as it was sent, its `cid:` images as `data:` URLs, secrets hidden, with
   * the Content-Security-Policy that lets only the store's own pages frame it and runs no script.
   * @throws NotFoundError (404) for an unknown id.
   */
  async html(id: number): Promise<FramedEmail> {
    const row = await this.row(id);
    const html = frameableHtml(row.template, row.html, row.attachments);
    return { html, contentSecurityPolicy: frameableDocumentPolicy(html) };
  }

  /**
   * Sends a copy of message `id` through the mailer to the same recipient, with the same subject,
   * bodies, inline images, template, language and order: a new Outbox message linked to the same
   * order (so the order's timeline shows it).
   * @returns the message before (`original`) and the copy.
   * @throws NotFoundError (404) for an unknown id; ConflictError (409) `resend_not_allowed` for a
   *   password-reset message (its link worked once, for 30 minutes; the customer asks again);
   *   UpstreamError (502) when the SMTP server refuses or cannot be reached (the failed attempt is
   *   in the Outbox too).
   */
  async resend(id: number): Promise<{ original: OutboxMessage; copy: OutboxMessage }> {
    const row = await this.row(id);
    if (isSecretTemplate(row.template)) {
      throw new ConflictError(
        'A password-reset e-mail cannot be resent: its link works once and for 30 minutes only. The customer can ask for a new one.',
        'resend_not_allowed',
      );
    }
    let copyId: number;
    try {
      copyId = await this.deps.mailer.send({
        to: row.to,
        subject: row.subject,
        html: row.html,
        text: row.text,
        template: row.template,
        language: row.language,
        orderId: row.orderId ?? undefined,
        inlineImages: row.attachments.map((a) => ({
          cid: a.cid,
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.contentBase64, 'base64'),
        })),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new UpstreamError(`The mail server did not accept the copy: ${reason.slice(0, 300)}`);
    }
    const copy = await this.row(copyId);
    const numbers = await this.orderNumbersOf([row, copy]);
    return { original: toMessage(row, numbers), copy: toMessage(copy, numbers) };
  }
}
