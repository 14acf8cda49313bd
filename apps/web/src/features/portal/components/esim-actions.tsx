import { ArrowUpCircle, Check, Lock, RefreshCw, RotateCw } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import type { PortalAccess } from '../api/access-headers.ts';
import { useSyncEsim } from '../api/sync-esim.ts';
import { type ActionState, useActionFeedback } from '../hooks/use-action-feedback.ts';

interface EsimActionsProps {
  access: PortalAccess;
  iccid: string;
  canTopUp: boolean;
  /** The eSIM is under 'Archived' (expired or removed): its plans cannot come back. */
  archived: boolean;
  /** Its order was refunded: no top-up is offered at all, not even 'Activate to Top-Up'. */
  refunded: boolean;
  /** Id of the card's title: each button is described by it, so 'Sync' says which eSIM. */
  titleId: string;
  /** Reads the portal again (`GET /api/portal`); rejects when that fails. */
  onRefresh: () => Promise<unknown>;
}

/**
 * An eSIM's actions (sync, refresh and top-up): 'Sync' reads usage from the provider, 'Refresh' reads the portal again,
 * each with in progress, complete, failed and error; 'Top up' opens `/portal/topup?iccid=…`
 * when the eSIM can be topped up, otherwise 'Activate to Top-Up' is shown disabled with why
 * (install and use it first, or, for an archived eSIM, that its plans have ended); a refunded
 * eSIM is offered neither (the API refuses its top-ups, 409 `esim_refunded`).
 */
export function EsimActions({ access, iccid, canTopUp, archived, refunded, titleId, onRefresh }: EsimActionsProps) {
  const { t } = useTranslation('portal');
  const hintId = useId();
  const sync = useSyncEsim(access);
  const syncFeedback = useActionFeedback('sync');
  const refreshFeedback = useActionFeedback('refresh');
  return (
    <div>
      <div role="group" aria-label={t('actions.label')} className="flex flex-wrap gap-2">
        <ActionButton
          state={syncFeedback.state}
          label={t('actions.sync')}
          busyLabel={t('actions.syncing')}
          icon="sync"
          describedBy={titleId}
          onClick={() => void syncFeedback.run(() => sync.mutateAsync(iccid))}
        />
        <ActionButton
          state={refreshFeedback.state}
          label={t('actions.refresh')}
          busyLabel={t('actions.refreshing')}
          icon="refresh"
          describedBy={titleId}
          onClick={() => void refreshFeedback.run(onRefresh)}
        />
        {refunded ? null : canTopUp ? (
          <Link
            href={`/portal/topup?iccid=${encodeURIComponent(iccid)}`}
            aria-describedby={titleId}
            className={buttonClass('primary', 'md', 'grow sm:grow-0')}
          >
            <ArrowUpCircle aria-hidden="true" className="size-4" />
            {t('actions.topUp')}
          </Link>
        ) : (
          <Button
            variant="outline"
            aria-disabled="true"
            aria-describedby={`${hintId} ${titleId}`}
            onClick={(e) => e.preventDefault()}
            className="grow cursor-not-allowed border-dashed text-slate-600 hover:bg-white sm:grow-0"
          >
            <Lock aria-hidden="true" className="size-4" />
            {t('actions.activateToTopUp')}
          </Button>
        )}
      </div>
      {!canTopUp && !refunded && (
        <p id={hintId} className="mt-2 text-sm text-slate-600">
          {archived ? t('actions.topUpEnded') : t('actions.topUpHint')}
        </p>
      )}
    </div>
  );
}

interface ActionButtonProps {
  state: ActionState;
  label: string;
  busyLabel: string;
  icon: 'sync' | 'refresh';
  describedBy: string;
  onClick: () => void;
}

/** 'Sync' or 'Refresh': a spinner, disabled and `aria-busy` while in progress, a check mark briefly after. */
function ActionButton({ state, label, busyLabel, icon, describedBy, onClick }: ActionButtonProps) {
  const busy = state === 'inProgress';
  const Icon = state === 'complete' ? Check : icon === 'sync' ? RotateCw : RefreshCw;
  return (
    <Button
      variant="outline"
      onClick={onClick}
      disabled={busy}
      aria-busy={busy}
      aria-describedby={describedBy}
      className="grow sm:grow-0"
    >
      <Icon
        aria-hidden="true"
        className={cn('size-4', busy && 'animate-spin', state === 'complete' && 'text-emerald-700')}
      />
      {busy ? busyLabel : label}
    </Button>
  );
}
