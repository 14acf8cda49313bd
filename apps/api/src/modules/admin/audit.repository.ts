import { type SQL, and, desc, ilike, lt, not, or } from 'drizzle-orm';
import { adminAuditLog } from './admin.schema.ts';
import type { Db } from '../../db/client.ts';
import { likeContaining } from '../../db/like.ts';

/** One line of the admin audit log: who, what, when, and for changes before and after. */
export interface AuditEntry {
  userId: number | null;
  username: string;
  /** `METHOD /route/pattern`, e.g. `PATCH /api/orders/:id/status`. */
  action: string;
  /** What it acted on: `order:ORD-…`, `pricing-setting:3`, `product:esim_1GB_7D_TR_V2`, `bulk-import:4`. */
  target: string | null;
  statusCode: number;
  before: unknown;
  after: unknown;
  ip: string | null;
}

/** A stored entry, with its id and time. */
export interface AuditRow extends AuditEntry {
  id: number;
  at: Date;
}

/** Filters of {@link AuditRepository.list}. */
export interface AuditFilter {
  /** Part of the admin's username, the action or the target (case-insensitive). */
  q?: string | undefined;
  /** Only changes: leave out reads (`GET ...`). */
  changesOnly?: boolean | undefined;
  /** Keyset: only entries with a smaller id. */
  beforeId?: number | undefined;
  limit: number;
}

/** Writes and reads `admin_audit_log`. */
export class AuditRepository {
  constructor(private readonly db: Db) {}

  /** Appends one entry. */
  async record(entry: AuditEntry): Promise<void> {
    await this.db.insert(adminAuditLog).values({
      userId: entry.userId,
      username: entry.username,
      action: entry.action,
      target: entry.target,
      statusCode: entry.statusCode,
      before: entry.before ?? null,
      after: entry.after ?? null,
      ip: entry.ip,
    });
  }

  /**
   * Entries newest first (by id, the primary key: keyset pagination walks it backwards and stops
   * after `limit` matches), filtered (`/admin/audit`).
   */
  async list(filter: AuditFilter): Promise<AuditRow[]> {
    const conditions: (SQL | undefined)[] = [
      filter.beforeId === undefined ? undefined : lt(adminAuditLog.id, filter.beforeId),
      filter.changesOnly ? not(ilike(adminAuditLog.action, 'GET %')) : undefined,
    ];
    const q = filter.q?.trim();
    if (q) {
      const pattern = likeContaining(q);
      conditions.push(
        or(
          ilike(adminAuditLog.username, pattern),
          ilike(adminAuditLog.action, pattern),
          ilike(adminAuditLog.target, pattern),
        ),
      );
    }
    return this.db
      .select({
        id: adminAuditLog.id,
        userId: adminAuditLog.userId,
        username: adminAuditLog.username,
        action: adminAuditLog.action,
        target: adminAuditLog.target,
        statusCode: adminAuditLog.statusCode,
        before: adminAuditLog.before,
        after: adminAuditLog.after,
        ip: adminAuditLog.ip,
        at: adminAuditLog.at,
      })
      .from(adminAuditLog)
      .where(and(...conditions))
      .orderBy(desc(adminAuditLog.id))
      .limit(filter.limit);
  }
}
