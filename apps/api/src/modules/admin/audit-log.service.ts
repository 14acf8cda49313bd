import type { AuditPage } from '@esim/contract/admin';
import type { AuditFilter, AuditRepository } from './audit.repository.ts';

/**
 * The admin audit log screen (who, what, when, and for changes before/after): entries newest first, searchable, optionally changes only.
 */
export class AuditLogService {
  constructor(private readonly repo: AuditRepository) {}

  /** A page of entries (see `AuditRepository.list`); `nextCursor` when more follow. */
  async list(filter: AuditFilter): Promise<AuditPage> {
    const rows = await this.repo.list({ ...filter, limit: filter.limit + 1 });
    const page = rows.slice(0, filter.limit);
    return {
      entries: page.map((row) => ({
        id: row.id,
        username: row.username,
        action: row.action,
        target: row.target,
        statusCode: row.statusCode,
        before: row.before ?? null,
        after: row.after ?? null,
        ip: row.ip,
        at: row.at.toISOString(),
      })),
      nextCursor: rows.length > filter.limit && page.length > 0 ? String(page.at(-1)!.id) : null,
    };
  }
}
