import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast.ts';
import { actionFailureOf } from './portal-errors.ts';

/**
 * Where a sync or refresh stands: in progress, complete, failed, error; `idle` before the first
 * run. `complete` turns back to `idle` after
 * {@link COMPLETE_MS}, so the button's check mark is brief.
 */
export type ActionState = 'idle' | 'inProgress' | 'complete' | 'failed' | 'error';

/** How long a button shows that its action completed. */
const COMPLETE_MS = 2500;

/**
 * Runs a sync or a refresh and reports it: in progress while it runs (a second run is ignored),
 * then a success toast ('Sync Complete'), or for an error answer 'Sync Failed' / 'Failed to sync
 * usage data', or without an answer 'Sync Error' / 'Error occurred while syncing usage data'
 * (texts `portal:{kind}.*`).
 */
export function useActionFeedback(kind: 'sync' | 'refresh') {
  const { t } = useTranslation('portal');
  const [state, setState] = useState<ActionState>('idle');
  const running = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const run = useCallback(
    async (action: () => Promise<unknown>) => {
      if (running.current) return;
      running.current = true;
      window.clearTimeout(timer.current);
      setState('inProgress');
      try {
        await action();
        setState('complete');
        timer.current = window.setTimeout(() => setState('idle'), COMPLETE_MS);
        void showToast('success', t(`${kind}.completeTitle`), { description: t(`${kind}.completeBody`) });
      } catch (error) {
        const outcome = actionFailureOf(error);
        setState(outcome);
        void showToast('error', t(`${kind}.${outcome}Title`), { description: t(`${kind}.${outcome}Body`) });
      } finally {
        running.current = false;
      }
    },
    [kind, t],
  );
  return { state, run };
}
