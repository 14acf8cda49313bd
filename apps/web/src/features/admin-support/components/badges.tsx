import type { SupportMessageStatus } from '@esim/contract/support';
import { CheckCircle2, CircleDot } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../admin-kit/components/badge.tsx';

/** A support message's status: open (amber, needs a reply) or answered (green). */
export function SupportStatusBadge({ status }: { status: SupportMessageStatus }) {
  const { t } = useTranslation('admin-support');
  return status === 'answered' ? (
    <Badge tone="success">
      <CheckCircle2 aria-hidden="true" className="size-3" />
      {t('messages.statuses.answered')}
    </Badge>
  ) : (
    <Badge tone="warning">
      <CircleDot aria-hidden="true" className="size-3" />
      {t('messages.statuses.open')}
    </Badge>
  );
}

/** Whether an admin has reviewed a chat conversation. */
export function ReviewedBadge({ reviewed }: { reviewed: boolean }) {
  const { t } = useTranslation('admin-support');
  return reviewed ? (
    <Badge tone="success">
      <CheckCircle2 aria-hidden="true" className="size-3" />
      {t('conversations.reviewed')}
    </Badge>
  ) : (
    <Badge tone="neutral">{t('conversations.notReviewed')}</Badge>
  );
}
