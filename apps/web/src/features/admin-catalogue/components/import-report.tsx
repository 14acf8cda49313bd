import type { BulkImportDetail, ImportCellError } from '@esim/contract/admin-catalogue';
import { AlertTriangle, ArrowRight, CheckCircle2, Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button.tsx';
import { showToast } from '../../../lib/toast.ts';
import { toastAdminFailure } from '../../../admin-kit/admin-error.ts';
import { Badge, type BadgeTone } from '../../../admin-kit/components/badge.tsx';
import { ConfirmButton } from '../../../admin-kit/components/confirm-button.tsx';
import { DataTable } from '../../../admin-kit/components/data-table.tsx';
import { ProgressBar } from '../../../admin-kit/components/progress-bar.tsx';
import { errorsCsvUrl, useApplyImport } from '../api/bulk-imports.ts';
import { useCatalogueFormat } from '../catalogue-format.ts';
import { CountTiles } from './count-tiles.tsx';

export const IMPORT_STATUS_TONES: Record<BulkImportDetail['status'], BadgeTone> = {
  validated: 'info',
  applying: 'warning',
  applied: 'success',
  failed: 'danger',
};

/** A row error in the interface language (its code with its values), or the server's English text. */
function useCellMessage() {
  const { t } = useTranslation('admin-catalogue');
  return (error: ImportCellError) => t(`rowErrors.${error.code}`, { ...error.params, defaultValue: error.message });
}

/**
 * An import's report and its apply (`docs/product-rules.md#bulk-import`): the counts; the rows in error with
 * their row number, column and problem (highlighted), and the CSV of them; the valid changes,
 * each field from → to with the storefront price and warnings; "Apply" (after a confirmation),
 * then a progress bar while the job runs, then what applying did.
 */
export function ImportReport({ detail }: { detail: BulkImportDetail }) {
  const { t } = useTranslation(['admin-catalogue', 'admin']);
  const format = useCatalogueFormat();
  const message = useCellMessage();
  const apply = useApplyImport();
  const canApply = (detail.status === 'validated' || detail.status === 'failed') && detail.changedRows > 0;
  const onApply = () =>
    apply.mutate(detail.id, {
      onSuccess: () =>
        void showToast(
          'success',
          t('import.toasts.applying', { count: detail.changedRows, n: format.count(detail.changedRows) }),
        ),
      onError: (error) => toastAdminFailure(t('errors.applyImport'), error, t('admin:offline')),
    });

  return (
    <section
      aria-labelledby="import-report"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id="import-report" tabIndex={-1} className="text-lg font-bold break-words text-ink">
            {detail.status === 'validated'
              ? t('import.report.dryRunTitle', { filename: detail.filename })
              : t('import.report.title', { filename: detail.filename })}
          </h2>
          <p className="text-sm text-slate-600">
            {t('import.report.meta', {
              id: detail.id,
              actor: format.actor(detail.actor),
              at: format.dateTime(detail.createdAt),
            })}
          </p>
        </div>
        <Badge tone={IMPORT_STATUS_TONES[detail.status]}>{t(`import.statuses.${detail.status}`)}</Badge>
      </div>

      <div className="mt-4">
        <CountTiles
          label={t('import.report.countsLabel')}
          items={[
            { key: 'rows', label: t('import.counts.rows'), value: format.count(detail.totalRows) },
            {
              key: 'changes',
              label: t('import.counts.changes'),
              value: format.count(detail.changedRows),
              tone: detail.changedRows > 0 ? 'success' : 'neutral',
            },
            {
              key: 'errors',
              label: t('import.counts.errors'),
              value: format.count(detail.errorRows),
              tone: detail.errorRows > 0 ? 'danger' : 'neutral',
            },
            { key: 'unchanged', label: t('import.counts.unchanged'), value: format.count(detail.unchangedRows) },
          ]}
        />
      </div>

      {detail.status === 'applying' || detail.status === 'applied' ? (
        <div className="mt-4">
          <ProgressBar label={t('import.progressLabel')} value={detail.processed} max={detail.total} />
          <p aria-live="polite" className="mt-2 text-sm text-slate-700">
            {detail.status === 'applying'
              ? t('import.progress.applying', {
                  processed: format.count(detail.processed),
                  total: format.count(detail.total),
                })
              : t('import.progress.applied', { total: format.count(detail.total) })}
          </p>
        </div>
      ) : null}
      {detail.error ? (
        <p role="alert" className="mt-3 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-900 ring-1 ring-red-200">
          {t('import.report.failed', { error: detail.error })}
        </p>
      ) : null}
      {detail.outcome ? (
        <div className="mt-3 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900 ring-1 ring-emerald-200">
          <p className="flex items-center gap-2 font-semibold">
            <CheckCircle2 aria-hidden="true" className="size-4" />
            {t('import.outcome.applied', {
              applied: format.count(detail.outcome.applied),
              already: format.count(detail.outcome.alreadyApplied),
            })}
          </p>
          {detail.outcome.conflicts.length > 0 ? (
            <div className="mt-2 text-amber-900">
              <p>
                {t('import.outcome.conflicts', {
                  count: detail.outcome.conflicts.length,
                  n: format.count(detail.outcome.conflicts.length),
                })}
              </p>
              <ul className="mt-1 list-disc pl-5">
                {detail.outcome.conflicts.map((c) => (
                  <li key={c.row}>
                    {t('import.rowNumber', { row: c.row })}: <code className="break-all">{c.apiBundleName}</code>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      ) : null}

      {canApply ? (
        <div className="mt-4 flex flex-col gap-2 rounded-xl bg-slate-50 p-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-700">
            {detail.errorRows > 0
              ? t('import.apply.withErrors', { errors: format.count(detail.errorRows) })
              : t('import.apply.ready')}
          </p>
          <ConfirmButton
            variant="primary"
            busy={apply.isPending}
            title={t('import.apply.confirmTitle', { count: detail.changedRows, n: format.count(detail.changedRows) })}
            description={t('import.apply.confirmBody')}
            confirmLabel={t('import.apply.confirm')}
            cancelLabel={t('admin:common.cancel')}
            onConfirm={onApply}
          >
            <CheckCircle2 aria-hidden="true" className="size-4" />
            {t('import.apply.button', { count: detail.changedRows, n: format.count(detail.changedRows) })}
          </ConfirmButton>
        </div>
      ) : detail.status === 'validated' && detail.changedRows === 0 ? (
        <p className="mt-4 rounded-xl bg-slate-50 p-3 text-sm text-slate-700">
          {detail.errorRows > 0 ? t('import.apply.onlyErrors') : t('import.apply.nothing')}
        </p>
      ) : null}

      {detail.rowErrors.length > 0 ? (
        <section aria-labelledby="import-errors" className="mt-6">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id="import-errors" className="flex items-center gap-2 font-bold text-red-900">
              <AlertTriangle aria-hidden="true" className="size-4" />
              {t('import.errors.title', { count: detail.errorRows, n: format.count(detail.errorRows) })}
            </h3>
            <a
              href={errorsCsvUrl(detail.id)}
              download
              className={buttonClass('outline', 'sm', 'h-auto min-h-9 py-1.5')}
            >
              <Download aria-hidden="true" className="size-4" />
              {t('import.errors.download')}
            </a>
          </div>
          {detail.errorRows > detail.rowErrors.length ? (
            <p className="mt-1 text-sm text-slate-600">
              {t('import.listed', {
                listed: format.count(detail.rowErrors.length),
                total: format.count(detail.errorRows),
              })}
            </p>
          ) : null}
          <ul aria-labelledby="import-errors" className="mt-2 flex flex-col gap-2 sm:hidden">
            {detail.rowErrors.map((rowError) => (
              <li key={rowError.row} className="rounded-xl bg-red-50/60 px-3 py-2 text-sm ring-1 ring-red-200">
                <p className="font-mono font-semibold text-red-900">{t('import.rowNumber', { row: rowError.row })}</p>
                <ul className="mt-1 flex flex-col gap-1">
                  {rowError.errors.map((error, i) => (
                    <li key={`${error.column}:${i}`}>
                      <span className="font-mono font-semibold">
                        {error.column === 'row' ? t('import.table.wholeRow') : error.column}
                      </span>
                      {error.column !== 'row' && rowError.values[error.column] ? (
                        <>
                          {' '}
                          <code className="break-all text-slate-700">“{rowError.values[error.column]}”</code>
                        </>
                      ) : null}
                      <span className="block text-red-900">{message(error)}</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          <DataTable
            caption={t('import.errors.caption')}
            columns={(['row', 'column', 'problem', 'value'] as const).map((key) => ({
              key,
              label: t(`import.table.${key}`),
              className: 'px-3 py-2',
            }))}
            regionLabelledBy="import-errors"
            frameClassName="relative mt-2 hidden max-h-[28rem] overflow-auto rounded-xl ring-1 ring-red-200 focus-visible:outline-2 focus-visible:outline-brand-700 sm:block"
            headClassName="sticky top-0 bg-red-50 text-xs text-red-900 uppercase"
            bodyClassName="divide-y divide-red-100 bg-white"
          >
            {detail.rowErrors.flatMap((rowError) =>
              rowError.errors.map((error, i) => (
                <tr key={`${rowError.row}:${error.column}:${i}`} className="bg-red-50/40">
                  <td className="px-3 py-2 font-mono whitespace-nowrap">{i === 0 ? rowError.row : ''}</td>
                  <td className="px-3 py-2 font-mono whitespace-nowrap">
                    {error.column === 'row' ? t('import.table.wholeRow') : error.column}
                  </td>
                  <td className="px-3 py-2 text-red-900">{message(error)}</td>
                  <td className="max-w-[14rem] px-3 py-2">
                    <code className="break-all">
                      {error.column === 'row' ? '' : (rowError.values[error.column] ?? '')}
                    </code>
                  </td>
                </tr>
              )),
            )}
          </DataTable>
        </section>
      ) : null}

      {detail.changes.length > 0 ? (
        <section aria-labelledby="import-changes" className="mt-6">
          <h3 id="import-changes" className="font-bold text-ink">
            {t('import.changes.title', { count: detail.changedRows, n: format.count(detail.changedRows) })}
          </h3>
          {detail.changedRows > detail.changes.length ? (
            <p className="mt-1 text-sm text-slate-600">
              {t('import.listed', {
                listed: format.count(detail.changes.length),
                total: format.count(detail.changedRows),
              })}
            </p>
          ) : null}
          <ul
            tabIndex={0}
            aria-labelledby="import-changes"
            className="relative mt-2 flex max-h-[32rem] flex-col divide-y divide-slate-100 overflow-auto rounded-xl ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            {detail.changes.map((change) => (
              <li key={change.row} className="px-3 py-2 text-sm">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <p className="min-w-0">
                    <span className="font-mono text-slate-600">{t('import.rowNumber', { row: change.row })}</span>{' '}
                    <span className="font-semibold text-ink">{change.name}</span>{' '}
                    <code className="text-xs break-all text-slate-600">{change.apiBundleName}</code>
                  </p>
                  {change.priceCents.from !== change.priceCents.to ? (
                    <p className="flex items-center gap-1 tabular-nums">
                      <span className="sr-only">{t('import.changes.price')}</span>
                      {format.money(change.priceCents.from)}
                      <ArrowRight aria-label={t('changes.to')} className="size-3.5" />
                      <span className="font-semibold">{format.money(change.priceCents.to)}</span>
                    </p>
                  ) : null}
                </div>
                <ul className="mt-1 flex flex-col gap-0.5">
                  {change.changes.map((c) => (
                    <li key={c.field} className="flex flex-wrap items-center gap-x-2 text-slate-700">
                      <span className="font-semibold">{t(`fields.${c.field}`)}:</span>
                      <span className="break-all">{format.importValue(c.field, c.from)}</span>
                      <ArrowRight aria-label={t('changes.to')} className="size-3.5 shrink-0" />
                      <span className="break-all text-ink">{format.importValue(c.field, c.to)}</span>
                    </li>
                  ))}
                </ul>
                {change.warnings.length > 0 ? (
                  <div className="mt-1 flex flex-wrap gap-1">
                    {change.warnings.map((w) => (
                      <Badge key={w} tone="warning">
                        <AlertTriangle aria-hidden="true" className="size-3" />
                        {t(`warnings.${w}`)}
                      </Badge>
                    ))}
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
