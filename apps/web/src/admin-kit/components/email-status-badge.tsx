import type { EmailStatus } from '@esim/contract/admin';
import { useTranslation } from 'react-i18next';
import { Badge } from './badge.tsx';

/** An Outbox message's status: stored (no mail server: kept here only), sent, failed. */
export function EmailStatusBadge({ status }: { status: EmailStatus }) {
  const { t } = useTranslation('admin');
  return (
    <Badge tone={status === 'sent' ? 'success' : status === 'failed' ? 'danger' : 'neutral'}>
      {t(`outbox.statuses.${status}`)}
    </Badge>
  );
}
