import { adminAuditLog } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';

/** One line of the admin audit log (issue 10): who, what, when, and for changes before and after. */
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
}
