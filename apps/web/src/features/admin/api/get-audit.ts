import type { AuditEntry, AuditPage } from '@esim/contract/admin';
import { adminCollection } from '../../../admin-kit/api/admin-collection.ts';

/** The audit log's filters. */
export interface AuditFilters {
  q: string;
  /** Hide reads (GET). */
  changesOnly: boolean;
}

/**
 * The audit log (`GET /api/admin/audit`): pages of every admin call, newest first, searched by
 * admin, action or target, changes only on request.
 */
export const auditLog = adminCollection<AuditFilters, AuditPage, AuditEntry>('/api/admin/audit', (filters) => ({
  q: filters.q.trim(),
  changes: filters.changesOnly,
}));
