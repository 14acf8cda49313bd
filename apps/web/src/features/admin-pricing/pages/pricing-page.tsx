import type { PricingSetting } from '@esim/contract/admin-pricing';
import { Info, Plus, RotateCw } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toastAdminFailure } from '../../../admin-kit/admin-error.ts';
import { AdminPage } from '../../../admin-kit/components/admin-page.tsx';
import { useDestinations } from '../api/get-destinations.ts';
import { usePricingRuns } from '../api/get-pricing-runs.ts';
import { usePricingSettings } from '../api/get-pricing-settings.ts';
import { PriceExplainer } from '../components/price-explainer.tsx';
import { RecalculationPanel } from '../components/recalculation-panel.tsx';
import { RuleDialog } from '../components/rule-dialog.tsx';
import { RulesList } from '../components/rules-list.tsx';
import { RunsHistory } from '../components/runs-history.tsx';
import { actorText, dateTime } from '../pricing-format.ts';

/**
 * `/admin/pricing` (`docs/product-rules.md#catalogue-sync-and-pricing-rules`): the pricing rules
 * (create, edit, activate or deactivate, delete), the recalculation with its preview and apply,
 * "why this price?" for any product, and the history of applied runs. Saving a rule changes no
 * price: the screen says so, and says when the rules changed since the last applied run. Failed
 * calls show error toasts ('Failed to fetch pricing settings'... with the status text).
 */
export default function PricingPage() {
  const { t, i18n } = useTranslation(['admin-pricing', 'admin']);
  const settings = usePricingSettings();
  const runs = usePricingRuns();
  const destinations = useDestinations();
  const [dialog, setDialog] = useState<{ open: boolean; rule: PricingSetting | null }>({ open: false, rule: null });
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (settings.error) toastAdminFailure(t('errors.fetch'), settings.error, t('admin:offline'));
  }, [settings.error, t]);
  useEffect(() => {
    if (runs.error) toastAdminFailure(t('errors.fetchRuns'), runs.error, t('admin:offline'));
  }, [runs.error, t]);

  const openDialog = (rule: PricingSetting | null) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDialog({ open: true, rule });
  };
  const countries = destinations.data?.countries;
  const data = settings.data;

  return (
    <AdminPage
      title={t('title')}
      lead={t('lead')}
      actions={
        <Button onClick={() => openDialog(null)} className="whitespace-nowrap">
          <Plus aria-hidden="true" className="size-4" />
          {t('rules.new')}
        </Button>
      }
    >
      <div className="space-y-10">
        <PricingSection
          id="pricing-rules"
          heading={t('rules.heading')}
          intro={t('rules.intro')}
          note={
            data?.changedSinceLastRun && (
              <p className="mt-3 flex items-start gap-2 rounded-xl bg-amber-50 p-3 text-sm font-medium text-amber-950 ring-1 ring-amber-300">
                <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {t('rules.changedSinceRun')}
              </p>
            )
          }
        >
          {settings.isPending ? (
            <Spinner label={t('admin:loading')} />
          ) : settings.error ? (
            <div role="alert" className="rounded-2xl bg-red-50 p-4 text-sm text-red-900 ring-1 ring-red-200">
              <p className="font-semibold">{t('errors.fetch')}</p>
              <p className="mt-1">{t('errors.loadFailed')}</p>
              <Button variant="outline" size="sm" className="mt-3" onClick={() => void settings.refetch()}>
                <RotateCw aria-hidden="true" className="size-4" />
                {t('errors.retry')}
              </Button>
            </div>
          ) : data && data.settings.length > 0 ? (
            <RulesList rules={data.settings} destinations={countries} onEdit={(rule) => openDialog(rule)} />
          ) : (
            <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
              {t('rules.empty')}
            </p>
          )}
        </PricingSection>

        <PricingSection
          id="pricing-recalc"
          heading={t('recalc.heading')}
          intro={t('recalc.intro')}
          note={
            data?.lastRun && (
              <p className="mt-1 text-sm text-slate-600">
                {t('recalc.lastRun', {
                  date: dateTime(data.lastRun.at, i18n.language),
                  actor: actorText(data.lastRun.actor, t),
                })}
              </p>
            )
          }
        >
          <RecalculationPanel headingId="pricing-recalc" />
        </PricingSection>

        <PricingSection id="pricing-explain" heading={t('explain.heading')} intro={t('explain.intro')}>
          <PriceExplainer destinations={countries} />
        </PricingSection>

        <PricingSection id="pricing-runs" heading={t('runs.heading')}>
          {runs.isPending ? <Spinner label={t('admin:loading')} /> : <RunsHistory runs={runs.data?.runs ?? []} />}
        </PricingSection>
      </div>

      <RuleDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        rule={dialog.rule}
        destinations={countries}
        returnFocus={() => opener.current}
      />
    </AdminPage>
  );
}

/** A part of the pricing screen: its `h2` (with `id`, naming the section), an optional intro and `note`, then the content. */
function PricingSection({
  id,
  heading,
  intro,
  note,
  children,
}: {
  id: string;
  heading: string;
  intro?: string;
  note?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-xl font-bold text-ink">
        {heading}
      </h2>
      {intro ? <p className="mt-1 max-w-3xl text-sm text-slate-600">{intro}</p> : null}
      {note}
      <div className="mt-4">{children}</div>
    </section>
  );
}
