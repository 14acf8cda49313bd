import type { Language } from '@esim/contract/languages';
import {
  type AdminSupportMessageDetail,
  type AdminSupportMessagesPage,
  SUPPORT_PREVIEW_LENGTH,
  type SupportMessageStatus,
} from '@esim/contract/support';
import { NotFoundError } from '../../lib/errors.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import { newSupportReference } from './reference.ts';
import { SEND_SUPPORT_MESSAGE_JOB, SUPPORT_JOB_MAX_ATTEMPTS } from './support-email-job.ts';
import type { SupportMessageFilter, SupportMessageRow, SupportRepository } from './support.repository.ts';
import { previewOf } from '../../lib/preview-text.ts';

/** A contact-form message as the route hands it over: validated and trimmed by the contract. */
export interface SupportSubmission {
  name: string;
  email: string;
  subject: string;
  message: string;
  /** The hidden honeypot field; anything in it marks a bot. */
  website?: string | undefined;
}

/** What {@link SupportService.submit} did. */
export interface SubmitResult {
  /** The reference told to the sender (`SUP-XXXXXXXX`); for a bot, one that names nothing. */
  reference: string;
  /** False when the honeypot was filled: nothing was stored or sent. */
  stored: boolean;
}

/** A stored message as the admin API answers it. */
export function toAdminSupportMessage(row: SupportMessageRow): AdminSupportMessageDetail {
  return {
    id: row.id,
    reference: row.reference,
    name: row.name,
    email: row.email,
    subject: row.subject,
    preview: previewOf(row.message, SUPPORT_PREVIEW_LENGTH),
    message: row.message,
    language: row.language,
    status: row.status === 'answered' ? 'answered' : 'open',
    answeredAt: row.answeredAt?.toISOString() ?? null,
    answeredBy: row.answeredBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The support contact form and its messages in the admin area
 * (docs/product-rules.md#support-messages). Knows neither HTTP nor SQL.
 */
export class SupportService {
  constructor(
    private readonly deps: {
      repo: SupportRepository;
      /** Wakes the worker once a message and its job are committed. */
      jobs: Pick<JobQueue, 'wake'>;
      /** Draws references (tests fix them). Default {@link newSupportReference}. */
      newReference?: () => string;
    },
  ) {}

  private reference(): string {
    return (this.deps.newReference ?? newSupportReference)();
  }

  /**
   * Takes a contact-form message (`POST /api/support/messages`): stores it under a fresh
   * reference with the job that e-mails it to the support desk (Reply-To the sender) and
   * acknowledges it to the sender in `language`, both committed together, then wakes the
   * worker. A filled honeypot (`website`) is answered the same way, with a reference of the same
   * shape, but nothing is stored or sent (a bot learns nothing).
   */
  async submit(submission: SupportSubmission, language: Language): Promise<SubmitResult> {
    if (submission.website?.trim()) return { reference: this.reference(), stored: false };
    const row = await this.deps.repo.create(
      {
        name: submission.name,
        email: submission.email,
        subject: submission.subject,
        message: submission.message,
        language,
      },
      () => this.reference(),
      { type: SEND_SUPPORT_MESSAGE_JOB, maxAttempts: SUPPORT_JOB_MAX_ATTEMPTS },
    );
    this.deps.jobs.wake();
    return { reference: row.reference, stored: true };
  }

  /** A page of messages, newest first, with the store's counts of open and answered ones. */
  async list(filter: SupportMessageFilter): Promise<AdminSupportMessagesPage> {
    const [rows, counts] = await Promise.all([
      this.deps.repo.list({ ...filter, limit: filter.limit + 1 }),
      this.deps.repo.countByStatus(),
    ]);
    const page = rows.slice(0, filter.limit);
    return {
      messages: page.map((row) => {
        const { message: _message, ...item } = toAdminSupportMessage(row);
        return item;
      }),
      nextCursor: rows.length > filter.limit && page.length > 0 ? String(page.at(-1)!.id) : null,
      counts: { open: counts.open ?? 0, answered: counts.answered ?? 0 },
    };
  }

  /**
   * One message in full.
   * @throws NotFoundError (404, field `id`) for an unknown id.
   */
  async get(id: number): Promise<AdminSupportMessageDetail> {
    const row = await this.deps.repo.find(id);
    if (!row) throw new NotFoundError(`No support message ${id}`, 'id');
    return toAdminSupportMessage(row);
  }

  /**
   * Marks a message answered (when and by whom recorded) or open again (both cleared); a
   * message already in that status is unchanged.
   * @param actor the admin's username.
   * @returns the message before and after.
   * @throws NotFoundError (404, field `id`) for an unknown id.
   */
  async setStatus(
    id: number,
    status: SupportMessageStatus,
    actor: string,
  ): Promise<{ before: AdminSupportMessageDetail; after: AdminSupportMessageDetail }> {
    const result = await this.deps.repo.setStatus(id, status, actor);
    if (!result) throw new NotFoundError(`No support message ${id}`, 'id');
    return { before: toAdminSupportMessage(result.before), after: toAdminSupportMessage(result.after) };
  }
}
