import type { PriceChange, RecalculationReport } from '@esim/contract/admin-pricing';
import { AlertTriangle, ArrowDown, ArrowRight, ArrowUp, Calculator, CheckCircle2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { showToast } from '../../../lib/toast.ts';
import { toastAdminFailure } from '../../../admin-kit/admin-error.ts';
import { useRecalculate } from '../api/recalculate.ts';
import { dateTime, money, signedMoney } from '../pricing-format.ts';

/** Changes listed at first, and how many more each "show more" adds. */
const FIRST_CHANGES = 10;
const MORE_CHANGES = 50;
/** Warnings listed per kind (the counts say how many there are). */
const LISTED_WARNINGS = 20;

/**
 * Recalculation with a preview: "Preview recalculation" runs the dry run (nothing
 * changes) and shows its report: counts, biggest changes, products below wholesale and ladder
 * warnings, the before/after list. "Apply new prices" runs it for real with the preview's
 * `rulesVersion` (409 if the rules changed since), after a confirmation when products would sell
 * below wholesale; success shows a toast with the counts, failure 'Failed to recalculate product
 * pricing' with the server's message.
 */
export function RecalculationPanel({ headingId }: { headingId: string }) {
  const { t } = useTranslation(['admin-pricing', 'admin']);
  const mutation = useRecalculate();
  const [report, setReport] = useState<RecalculationReport | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState<'preview' | 'apply' | null>(null);
  const reportHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (report) reportHeading.current?.focus();
  }, [report]);

  const run = async (dryRun: boolean) => {
    setPending(dryRun ? 'preview' : 'apply');
    try {
      const result = await mutation.mutateAsync(dryRun ? { dryRun } : { dryRun, rulesVersion: report?.rulesVersion });
      setReport(result);
      if (!dryRun) {
        void showToast('success', t('toasts.applied'), {
          description: t('toasts.appliedBody', { changed: result.counts.changed, checked: result.counts.checked }),
        });
      }
    } catch (error) {
      toastAdminFailure(t('errors.recalculate'), error, t('admin:offline'));
      if (!dryRun) setReport(null);
    } finally {
      setPending(null);
    }
  };

  const apply = () => {
    if (report && report.counts.belowWholesale > 0) setConfirming(true);
    else void run(false);
  };

  return (
    <div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void run(true)} disabled={pending !== null} aria-busy={pending === 'preview'}>
          <Calculator aria-hidden="true" className="size-4" />
          {pending === 'preview' ? t('recalc.previewing') : t('recalc.preview')}
        </Button>
        {report?.dryRun && report.counts.changed > 0 && (
          <Button variant="danger" onClick={apply} disabled={pending !== null} aria-busy={pending === 'apply'}>
            <CheckCircle2 aria-hidden="true" className="size-4" />
            {pending === 'apply' ? t('recalc.applying') : t('recalc.apply')}
          </Button>
        )}
        {report && (
          <Button variant="ghost" onClick={() => setReport(null)} disabled={pending !== null}>
            {report.dryRun ? t('recalc.discard') : t('recalc.close')}
          </Button>
        )}
      </div>

      {report && (
        <section
          aria-labelledby={`${headingId}-report`}
          className="mt-5 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
        >
          <h3
            id={`${headingId}-report`}
            ref={reportHeading}
            tabIndex={-1}
            className="text-lg font-bold text-ink focus:outline-none"
          >
            {report.dryRun ? t('recalc.previewTitle') : t('recalc.appliedTitle')}
          </h3>
          <ReportView report={report} />
        </section>
      )}

      <AlertDialog.Root open={confirming} onOpenChange={setConfirming}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-[10003] bg-slate-900/40" />
          <AlertDialog.Content className="fixed left-1/2 top-1/2 z-[10004] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
            <AlertDialog.Title className="text-lg font-bold text-ink">{t('recalc.confirmTitle')}</AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-slate-700">
              {t('recalc.confirmBody', { count: report?.counts.belowWholesale ?? 0 })}
            </AlertDialog.Description>
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel className={buttonClass('outline')}>{t('recalc.confirmCancel')}</AlertDialog.Cancel>
              <AlertDialog.Action className={buttonClass('danger')} onClick={() => void run(false)}>
                {t('recalc.confirm')}
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </div>
  );
}

/** The report of a preview or a run: counts, warnings and the before/after list. */
function ReportView({ report }: { report: RecalculationReport }) {
  const { t, i18n } = useTranslation('admin-pricing');
  const [shown, setShown] = useState(FIRST_CHANGES);
  const { counts } = report;
  const countItems: { key: keyof typeof counts; warn?: boolean }[] = [
    { key: 'checked' },
    { key: 'changed' },
    { key: 'up' },
    { key: 'down' },
    { key: 'unchanged' },
    { key: 'fixedPrice' },
    { key: 'noRule', warn: counts.noRule > 0 },
    { key: 'belowWholesale', warn: counts.belowWholesale > 0 },
    { key: 'ladderViolations', warn: counts.ladderViolations > 0 },
  ];

  return (
    <div className="mt-3 space-y-6">
      <p className="text-sm text-slate-600">
        {t('recalc.meta', { date: dateTime(report.at, i18n.language) })}{' '}
        {counts.changed > 0 && t('recalc.net', { amount: signedMoney(report.netChangeCents) })}
      </p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
        {countItems.map(({ key, warn }) => (
          <div
            key={key}
            className={cn(
              'rounded-xl px-3 py-2 ring-1',
              warn ? 'bg-amber-50 ring-amber-300' : 'bg-slate-50 ring-slate-200',
            )}
          >
            <dt className={cn('text-xs font-medium', warn ? 'text-amber-900' : 'text-slate-600')}>
              {t(`recalc.counts.${key}`)}
            </dt>
            <dd className="text-xl font-bold tabular-nums text-ink">{counts[key].toLocaleString(i18n.language)}</dd>
          </div>
        ))}
      </dl>

      {counts.changed === 0 && (
        <p className="flex items-start gap-2 rounded-xl bg-emerald-50 p-3 text-sm font-medium text-emerald-900 ring-1 ring-emerald-200">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {report.dryRun ? t('recalc.nothing') : t('recalc.nothingApplied')}
        </p>
      )}

      {report.belowWholesale.length > 0 && (
        <Warning title={t('recalc.belowTitle')} intro={t('recalc.belowIntro')}>
          {report.belowWholesale.slice(0, LISTED_WARNINGS).map((p) => (
            <li key={p.productId} className="flex flex-wrap justify-between gap-x-3">
              <span className="min-w-0 break-words">
                {p.name} {p.fixedPrice && <span className="text-amber-800">({t('recalc.fixedPrice')})</span>}
              </span>
              <span className="tabular-nums">
                {t('recalc.belowItem', { price: money(p.priceCents), wholesale: money(p.wholesaleCents) })}
              </span>
            </li>
          ))}
          {report.belowWholesale.length > LISTED_WARNINGS && (
            <li>{t('recalc.moreWarnings', { shown: LISTED_WARNINGS, total: counts.belowWholesale })}</li>
          )}
        </Warning>
      )}

      {report.ladderViolations.length > 0 && (
        <Warning title={t('recalc.ladderTitle')} intro={t('recalc.ladderIntro')}>
          {report.ladderViolations.slice(0, LISTED_WARNINGS).map((v) => (
            <li key={`${v.smaller.productId}-${v.larger.productId}`} className="break-words">
              {t('recalc.ladderItem', {
                larger: v.larger.name,
                largerPrice: money(v.larger.priceCents),
                smaller: v.smaller.name,
                smallerPrice: money(v.smaller.priceCents),
              })}
            </li>
          ))}
          {counts.ladderViolations > LISTED_WARNINGS && (
            <li>{t('recalc.moreWarnings', { shown: LISTED_WARNINGS, total: counts.ladderViolations })}</li>
          )}
        </Warning>
      )}

      {report.changes.length > 0 && (
        <div>
          <h4 className="font-bold text-ink">{t('recalc.changesTitle')}</h4>
          <p className="text-sm text-slate-600">{t('recalc.changesIntro')}</p>
          <ul className="mt-3 divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
            {report.changes.slice(0, shown).map((c) => (
              <ChangeRow key={c.productId} change={c} />
            ))}
          </ul>
          {report.changes.length > shown && (
            <Button variant="outline" size="sm" className="mt-3" onClick={() => setShown((n) => n + MORE_CHANGES)}>
              {t('recalc.showMore', { shown, total: report.changes.length })}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

function ChangeRow({ change }: { change: PriceChange }) {
  const { t } = useTranslation('admin-pricing');
  const delta = change.newPriceCents - change.oldPriceCents;
  const Icon = delta > 0 ? ArrowUp : ArrowDown;
  return (
    <li className="flex flex-col gap-1 px-3 py-2.5 text-sm sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <div className="min-w-0">
        <p className="break-words font-semibold text-ink">{change.name}</p>
        <p className="break-all font-mono text-xs text-slate-600">
          {change.apiBundleName}
          {!change.onSale && <span className="ml-2 font-sans text-slate-600">· {t('recalc.notOnSale')}</span>}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-1 tabular-nums">
        <span className="text-slate-600">{t('recalc.wholesale', { price: money(change.wholesaleCents) })}</span>
        <span className="inline-flex items-center gap-1.5">
          <span className="sr-only">{t('recalc.before')}</span>
          <span className="text-slate-600 line-through decoration-slate-400">{money(change.oldPriceCents)}</span>
          <ArrowRight aria-hidden="true" className="size-3.5 text-slate-500" />
          <span className="sr-only">{t('recalc.after')}</span>
          <span className="font-bold text-ink">{money(change.newPriceCents)}</span>
        </span>
        <span
          className={cn(
            'inline-flex items-center gap-0.5 rounded-full px-2 py-0.5 text-xs font-semibold ring-1',
            delta > 0 ? 'bg-rose-50 text-rose-800 ring-rose-200' : 'bg-emerald-50 text-emerald-800 ring-emerald-200',
          )}
        >
          <Icon aria-hidden="true" className="size-3" />
          {signedMoney(delta)}
        </span>
      </div>
    </li>
  );
}

function Warning({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300 sm:p-4">
      <h4 className="flex items-center gap-2 font-bold">
        <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
        {title}
      </h4>
      <p className="mt-1">{intro}</p>
      <ul className="mt-2 space-y-1.5">{children}</ul>
    </div>
  );
}
