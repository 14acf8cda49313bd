import type { AdminSupportMessageDetail, AdminSupportMessagesPage, SupportMessageStatus } from '@esim/contract/support';
import { adminCollection } from '../../../admin-kit/api/admin-collection.ts';

/** The support messages list's filters (empty strings mean none). */
export interface SupportMessageFilters {
  status: SupportMessageStatus | '';
  q: string;
}

/**
 * The contact form's messages (`/api/admin/support-messages`): pages newest first with the counts
 * by status, searched by name, e-mail, subject or `SUP-` reference; one message in full;
 * `PATCH { status }` marks it answered or open again.
 */
export const supportMessages = adminCollection<
  SupportMessageFilters,
  AdminSupportMessagesPage,
  AdminSupportMessageDetail
>('/api/admin/support-messages', (filters) => ({ status: filters.status, q: filters.q.trim() }));

/** Marking a message answered or open (`{ id, status }`). */
export const useSetSupportMessageStatus = () => supportMessages.useChange<{ status: SupportMessageStatus }>();
