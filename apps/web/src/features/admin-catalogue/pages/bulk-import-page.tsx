import type { BulkImport, ImportColumn } from '@esim/contract/admin-catalogue';
import { Download, FileSpreadsheet, FileWarning, History } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { readApiError } from '../../../lib/api-error.ts';
import { toastAdminFailure } from '../../../admin-kit/admin-error.ts';
import { AdminPage } from '../../../admin-kit/components/admin-page.tsx';
import { Badge } from '../../../admin-kit/components/badge.tsx';
import { QueryError } from '../../../admin-kit/components/query-state.tsx';
import { EXPORT_URL, TEMPLATE_URL, useImport, useImports, useUploadImport } from '../api/bulk-imports.ts';
import { useCatalogueFormat } from '../catalogue-format.ts';
import { FileDrop } from '../components/file-drop.tsx';
import { IMPORT_STATUS_TONES, ImportReport } from '../components/import-report.tsx';

/** The import format's columns, in order (contract `IMPORT_COLUMNS`; only its type is imported, so that zod stays out of this screen). */
const COLUMNS: readonly ImportColumn[] = [
  'apiBundleName',
  'displayName',
  'retailPrice',
  'discountPercent',
  'active',
  'featured',
];

/** Largest file the API takes (contract `IMPORT_LIMITS.maxBytes`): refused here before uploading. */
const MAX_BYTES = 10 * 1024 * 1024;

/** A file refused as a whole: what the admin reads, and the server's details. */
interface FileProblem {
  title: string;
  detail: string | undefined;
}

/**
 * `/admin/bulk-import` (`docs/product-rules.md#bulk-import`): the format with a template and an export of the
 * whole catalogue (the same format, so exporting, editing and importing works); a file picker
 * that also takes a dropped file and runs the dry run at once (nothing changes); the dry run's
 * report per row, errors highlighted with their row, column and problem, and the CSV of the rows
 * in error; "Apply" as a background job with a progress bar; the history of imports. The import
 * shown is in the address (`?import=<id>`), so a reload keeps it. After fixing the file, choosing
 * it again runs a new dry run.
 */
export default function BulkImportPage() {
  const { t } = useTranslation(['admin-catalogue', 'admin']);
  const format = useCatalogueFormat();
  const search = useSearch();
  const [, navigate] = useLocation();
  const requested = Number(new URLSearchParams(search).get('import'));
  const importId = Number.isInteger(requested) && requested > 0 ? requested : null;
  const upload = useUploadImport();
  const detail = useImport(importId);
  const history = useImports();
  const [problem, setProblem] = useState<FileProblem | null>(null);
  const problemRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  const onFile = (file: File) => {
    setProblem(null);
    if (file.size > MAX_BYTES) {
      setProblem({
        title: t('fileErrors.too_large'),
        detail: t('import.fileSize', { size: format.megabytes(file.size) }),
      });
      return;
    }
    upload.mutate(file, {
      onSuccess: (result) => {
        navigate(`/admin/bulk-import?import=${result.id}`);
        // The report's heading takes the focus, so that keyboard and screen reader users land on it.
        setTimeout(() => document.getElementById('import-report')?.focus(), 50);
      },
      onError: (error) => {
        const info = readApiError(error);
        if (info?.status === 400 && info.field === 'file' && info.code) {
          setProblem({
            title: t(`fileErrors.${info.code}`, { defaultValue: info.message ?? '' }),
            detail: info.message,
          });
        } else if (info?.status === 413) {
          setProblem({ title: t('fileErrors.too_large'), detail: undefined });
        } else toastAdminFailure(t('errors.uploadImport'), error, t('admin:offline'));
      },
    });
  };

  return (
    <AdminPage
      title={t('admin:nav.bulkImport')}
      lead={t('import.lead')}
      actions={
        <>
          <a href={TEMPLATE_URL} download className={buttonClass('outline', 'sm')}>
            <FileSpreadsheet aria-hidden="true" className="size-4" />
            {t('import.template')}
          </a>
          <a href={EXPORT_URL} download className={buttonClass('outline', 'sm')}>
            <Download aria-hidden="true" className="size-4" />
            {t('import.export')}
          </a>
        </>
      }
    >
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section
          aria-labelledby="import-upload"
          className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
        >
          <h2 id="import-upload" className="text-lg font-bold text-ink">
            {t('import.uploadTitle')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t('import.uploadBody')}</p>
          <div className="mt-4">
            <FileDrop
              label={t('import.choose')}
              hint={t('import.chooseHint')}
              busy={upload.isPending}
              onFile={onFile}
            />
          </div>
          {upload.isPending ? <Spinner label={t('import.checking')} className="py-4" /> : null}
          {upload.isPending ? (
            <p aria-hidden="true" className="text-center text-sm text-slate-700">
              {t('import.checking')}
            </p>
          ) : null}
          {problem ? (
            <div
              ref={problemRef}
              tabIndex={-1}
              role="alert"
              className="mt-4 flex gap-3 rounded-xl bg-red-50 p-3 text-red-900 ring-1 ring-red-200"
            >
              <FileWarning aria-hidden="true" className="size-5 shrink-0" />
              <div className="min-w-0">
                <p className="font-semibold">{problem.title}</p>
                {problem.detail && problem.detail !== problem.title ? (
                  <p className="mt-1 text-sm break-words">{problem.detail}</p>
                ) : null}
                <p className="mt-1 text-sm">{t('import.nothingChanged')}</p>
              </div>
            </div>
          ) : null}
        </section>
        <section
          aria-labelledby="import-format"
          className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
        >
          <h2 id="import-format" className="text-lg font-bold text-ink">
            {t('import.formatTitle')}
          </h2>
          <dl className="mt-2 flex flex-col gap-2 text-sm">
            {COLUMNS.map((column) => (
              <div key={column}>
                <dt className="font-mono font-semibold text-ink">{column}</dt>
                <dd className="text-slate-700">{t(`columns.${column}`)}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-sm text-slate-600">{t('import.formatNotes')}</p>
        </section>
      </div>

      {importId !== null ? (
        <div className="mt-6">
          {detail.data ? (
            <ImportReport detail={detail.data} />
          ) : detail.isError ? (
            <QueryError
              title={t('errors.fetchImport')}
              error={detail.error}
              onRetry={() => void detail.refetch()}
              retrying={detail.isFetching}
            />
          ) : (
            <Spinner label={t('admin:loading')} className="min-h-[20vh]" />
          )}
        </div>
      ) : null}

      <section aria-labelledby="import-history" className="mt-8">
        <h2 id="import-history" className="flex items-center gap-2 text-lg font-bold text-ink">
          <History aria-hidden="true" className="size-5 text-brand-700" />
          {t('import.history.title')}
        </h2>
        <div className="mt-3">
          {history.isError && !history.data ? (
            <QueryError
              title={t('errors.fetchImports')}
              error={history.error}
              onRetry={() => void history.refetch()}
              retrying={history.isFetching}
            />
          ) : !history.data ? (
            <Spinner label={t('admin:loading')} className="py-8" />
          ) : history.data.length === 0 ? (
            <p className="text-sm text-slate-600">{t('import.history.empty')}</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {history.data.map((item) => (
                <HistoryItem key={item.id} item={item} current={item.id === importId} />
              ))}
            </ul>
          )}
        </div>
      </section>
    </AdminPage>
  );
}

function HistoryItem({ item, current }: { item: BulkImport; current: boolean }) {
  const { t } = useTranslation('admin-catalogue');
  const format = useCatalogueFormat();
  return (
    <li
      className={`rounded-xl bg-white px-4 py-3 shadow-sm ${current ? 'ring-2 ring-brand-500' : 'ring-1 ring-slate-200'}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link
          href={`/admin/bulk-import?import=${item.id}`}
          aria-current={current ? 'true' : undefined}
          className="min-w-0 font-semibold break-all text-brand-800 hover:underline"
        >
          {item.filename}
        </Link>
        <Badge tone={IMPORT_STATUS_TONES[item.status]}>{t(`import.statuses.${item.status}`)}</Badge>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {t('import.history.meta', {
          id: item.id,
          actor: format.actor(item.actor),
          at: format.dateTime(item.createdAt),
          rows: format.count(item.totalRows),
          changes: format.count(item.changedRows),
          errors: format.count(item.errorRows),
        })}
      </p>
    </li>
  );
}
