import type { EmailStatus, OutboxMessage, OutboxMessageDetail, OutboxPage } from '@esim/contract/admin';
import { ConflictError, NotFoundError, UpstreamError } from '../../lib/errors.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import { frameableDocumentPolicy, frameableHtml, hideSecrets, isSecretTemplate } from './email-copy.ts';
import type { OutboxFilter, OutboxMessageRow, OutboxRepository, OutboxRow } from './outbox.repository.ts';

/** What {@link OutboxService} uses. */
export interface OutboxDeps {
  repo: OutboxRepository;
  mailer: Mailer;
  /** The template ids the store sends (the e-mail preview's registry), for the list's filter. */
  templates: () => readonly string[];
}

/** The HTML copy of a message, ready to serve: the document and its Content-Security-Policy. */
export interface FramedEmail {
  html: string;
  contentSecurityPolicy: string;
}

function toMessage(row: OutboxRow): OutboxMessage {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    template: row.template,
    language: row.language,
    status: (['stored', 'sent', 'failed'].includes(row.status) ? row.status : 'failed') as EmailStatus,
    error: row.error,
    orderNumber: row.orderNumber,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
  };
}

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

  /** A page of messages, newest first (see `OutboxRepository.list`); `nextCursor` when more follow. */
  async list(filter: Omit<OutboxFilter, 'limit'> & { limit: number }): Promise<OutboxPage> {
    const rows = await this.deps.repo.list({ ...filter, limit: filter.limit + 1 });
    const page = rows.slice(0, filter.limit);
    return {
      messages: page.map(toMessage),
      nextCursor: rows.length > filter.limit && page.length > 0 ? String(page.at(-1)!.id) : null,
      templates: [...this.deps.templates()].sort(),
    };
  }

  private async row(id: number): Promise<OutboxMessageRow> {
    const row = await this.deps.repo.find(id);
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
      ...toMessage(row),
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
    return { original: toMessage(row), copy: toMessage(copy) };
  }
}
