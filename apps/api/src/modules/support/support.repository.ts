import { type SQL, and, count, desc, eq, ilike, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { supportMessages } from './support.schema.ts';
import { enqueue } from '../../lib/jobs.ts';
import { likeContaining } from '../../db/like.ts';

/**
 * Data access of the support contact form: `support_messages`, the job that e-mails a
 * new message, and the Outbox rows (`email_messages`) that tell that job what it already sent.
 * The only support file besides `conversations.repository.ts` that touches SQL.
 */

/** A stored support message. */
export type SupportMessageRow = typeof supportMessages.$inferSelect;

/** What {@link SupportRepository.create} stores (status `open`, times by the database). */
export interface NewSupportMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
  /** `en`, `tr`, `es`, `fr` or `de`. */
  language: string;
}

/** The job {@link SupportRepository.create} enqueues with the row, in the same transaction. */
export interface SupportJobRequest {
  type: string;
  /** Attempts before the job is marked failed. */
  maxAttempts: number;
}

/** Filters of {@link SupportRepository.list}. */
export interface SupportMessageFilter {
  status?: string | undefined;
  /** Part of the name, e-mail address, subject or reference (case-insensitive). */
  q?: string | undefined;
  /** Keyset: only messages with a smaller id. */
  beforeId?: number | undefined;
  limit: number;
}

/** Data access for `support_messages`; see the module comment. */
export class SupportRepository {
  constructor(private readonly db: Db) {}

  /**
   * Stores a message under a fresh reference and enqueues its e-mail job (payload
   * `{ messageId }`) in one transaction, so a stored message always has its job. A reference
   * already taken (40 random bits: practically never) is drawn again, up to 5 times.
   * @param newReference draws a reference (`SUP-XXXXXXXX`).
   * @returns the stored row.
   * @throws Error when 5 drawn references were all taken; the driver's error otherwise.
   */
  create(message: NewSupportMessage, newReference: () => string, job: SupportJobRequest): Promise<SupportMessageRow> {
    return this.db.transaction(async (tx) => {
      for (let attempt = 0; attempt < 5; attempt++) {
        const [row] = await tx
          .insert(supportMessages)
          .values({ ...message, reference: newReference() })
          .onConflictDoNothing({ target: supportMessages.reference })
          .returning();
        if (!row) continue;
        await enqueue(tx as unknown as Db, {
          type: job.type,
          payload: { messageId: row.id },
          maxAttempts: job.maxAttempts,
        });
        return row;
      }
      throw new Error('support_messages: no free reference after 5 draws');
    });
  }

  /** One message, or undefined. */
  async find(id: number): Promise<SupportMessageRow | undefined> {
    const [row] = await this.db.select().from(supportMessages).where(eq(supportMessages.id, id));
    return row;
  }

  /**
   * Messages newest first (by id: keyset pagination on the primary key; the `(status, id)`
   * index serves a status filter), filtered by status and by a part of the name, e-mail
   * address, subject or reference.
   */
  list(filter: SupportMessageFilter): Promise<SupportMessageRow[]> {
    const conditions: (SQL | undefined)[] = [
      filter.status ? eq(supportMessages.status, filter.status) : undefined,
      filter.beforeId === undefined ? undefined : lt(supportMessages.id, filter.beforeId),
    ];
    const q = filter.q?.trim();
    if (q) {
      const pattern = likeContaining(q);
      conditions.push(
        or(
          ilike(supportMessages.name, pattern),
          ilike(supportMessages.email, pattern),
          ilike(supportMessages.subject, pattern),
          ilike(supportMessages.reference, pattern),
        ),
      );
    }
    return this.db
      .select()
      .from(supportMessages)
      .where(and(...conditions))
      .orderBy(desc(supportMessages.id))
      .limit(filter.limit);
  }

  /** How many messages have each status (every message, whatever the list's filters). */
  async countByStatus(): Promise<Record<string, number>> {
    const rows = await this.db
      .select({ status: supportMessages.status, n: count() })
      .from(supportMessages)
      .groupBy(supportMessages.status);
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  }

  /**
   * Sets a message's status: `answered` records when (now) and who; `open` clears both. A
   * message already in that status is left as it is (its first answer's time and admin kept).
   * @returns the row before and after, or undefined for an unknown id.
   */
  async setStatus(
    id: number,
    status: 'open' | 'answered',
    actor: string,
  ): Promise<{ before: SupportMessageRow; after: SupportMessageRow } | undefined> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(supportMessages).where(eq(supportMessages.id, id)).for('update');
      if (!before) return undefined;
      if (before.status === status) return { before, after: before };
      const [after] = await tx
        .update(supportMessages)
        .set(
          status === 'answered'
            ? { status, answeredAt: sql`now()`, answeredBy: actor }
            : { status, answeredAt: null, answeredBy: null },
        )
        .where(eq(supportMessages.id, id))
        .returning();
      return after ? { before, after } : undefined;
    });
  }
}
