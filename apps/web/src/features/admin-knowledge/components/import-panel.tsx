import { KB_IMPORT_MAX_FILE_LENGTH, type KbImportResult } from '@esim/contract/knowledge-base';
import { LANGUAGES, type Language } from '@esim/contract/languages';
import { FileText, FileUp, Pencil, Upload, X } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/form/form-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { showToast } from '../../../lib/toast.ts';
import { toastAdminFailure } from '../../../admin-kit/admin-error.ts';
import { type BadgeTone, Badge } from '../../../admin-kit/components/badge.tsx';
import { ProgressBar } from '../../../admin-kit/components/progress-bar.tsx';
import { type ImportFile, type ImportOutcome, useImportArticles } from '../api/import-articles.ts';
import { LanguageLabel } from './language-label.tsx';

/** Most files one import takes in this screen (sent in batches; the API takes 50 per request). */
export const MAX_IMPORT_FILES = 200;

const STATUS_TONES: Record<KbImportResult['status'], BadgeTone> = {
  created: 'success',
  updated: 'info',
  error: 'danger',
};

/** A chosen file, read, with the problem that keeps it from being sent (too large, not Markdown). */
interface ChosenFile extends ImportFile {
  size: number;
  problem?: 'notMarkdown' | 'tooLarge' | 'unreadable';
}

/** Whether a file name looks like Markdown. */
const isMarkdownName = (name: string) => /\.(md|markdown)$/i.test(name);

/**
 * The Markdown import: a file picker for
 * several `.md` files that also takes files dropped on it, the language of files whose front
 * matter names none, published or draft for new articles; "Import" sends them in small batches
 * with a progress bar, then shows the report per file (created, updated, or the error naming the
 * problem) with a button to edit each article. A file of the wrong type or over 100,000
 * characters is shown with its problem and not sent.
 */
export function ImportPanel({ onEdit }: { onEdit: (articleId: number) => void }) {
  const { t } = useTranslation(['admin-knowledge', 'admin']);
  const id = useId();
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [language, setLanguage] = useState<Language | ''>('');
  const [published, setPublished] = useState(true);
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState({ done: 0, total: 0 });
  const [report, setReport] = useState<ImportOutcome | null>(null);
  const reportRef = useRef<HTMLElement>(null);
  const importer = useImportArticles((done, total) => setProgress({ done, total }));
  const busy = importer.isPending;

  const add = async (list: FileList | null) => {
    if (!list || busy) return;
    const read = await Promise.all(
      [...list].map(async (file): Promise<ChosenFile> => {
        const base = { name: file.name, size: file.size, content: '' };
        if (!isMarkdownName(file.name)) return { ...base, problem: 'notMarkdown' };
        if (file.size > KB_IMPORT_MAX_FILE_LENGTH * 4) return { ...base, problem: 'tooLarge' };
        try {
          const content = await file.text();
          return content.length > KB_IMPORT_MAX_FILE_LENGTH ? { ...base, problem: 'tooLarge' } : { ...base, content };
        } catch {
          return { ...base, problem: 'unreadable' };
        }
      }),
    );
    setReport(null);
    setFiles((current) => {
      const byName = new Map(current.map((f) => [f.name, f]));
      for (const file of read) byName.set(file.name, file);
      return [...byName.values()].slice(0, MAX_IMPORT_FILES);
    });
  };

  const sendable = files.filter((f) => !f.problem);

  const start = () => {
    if (sendable.length === 0 || busy) return;
    setReport(null);
    importer.mutate(
      { files: sendable, ...(language ? { language } : {}), published, notSent: t('import.notSent') },
      {
        onSuccess: (outcome) => {
          setReport(outcome);
          setFiles([]);
          if (outcome.failure) toastAdminFailure(t('errors.import'), outcome.failure, t('admin:offline'));
          else
            void showToast(outcome.counts.error > 0 ? 'error' : 'success', t('toasts.imported', outcome.counts), {
              description: t('toasts.liveNow'),
            });
          setTimeout(() => reportRef.current?.focus(), 0);
        },
        onError: (error) => toastAdminFailure(t('errors.import'), error, t('admin:offline')),
      },
    );
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void add(event.dataTransfer.files);
  };

  return (
    <div className="space-y-6">
      <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
        <p className="max-w-3xl text-sm text-slate-700">{t('import.intro')}</p>
        <pre className="mt-3 overflow-x-auto rounded-xl bg-slate-100 p-3 text-xs text-slate-800">
          {t('import.example')}
        </pre>

        <div
          className="mt-4"
          onDragOver={(event) => {
            event.preventDefault();
            if (!busy) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <input
            id={`${id}-files`}
            type="file"
            multiple
            accept=".md,.markdown,text/markdown"
            disabled={busy}
            aria-describedby={`${id}-files-hint`}
            className="peer sr-only"
            onChange={(event) => {
              const list = event.target.files;
              void add(list).then(() => {
                event.target.value = '';
              });
            }}
          />
          <label
            htmlFor={`${id}-files`}
            className={cn(
              'flex cursor-pointer flex-col items-center gap-2 rounded-2xl border-2 border-dashed px-4 py-8 text-center transition-colors',
              'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700',
              'border-slate-300 bg-white hover:border-brand-400 hover:bg-brand-50/40',
              dragging && 'border-brand-600 bg-brand-50',
              busy && 'cursor-wait opacity-70',
            )}
          >
            <FileUp aria-hidden="true" className="size-8 text-brand-700" />
            <span className="font-semibold text-ink">{t('import.choose')}</span>
            <span id={`${id}-files-hint`} className="text-sm text-slate-600">
              {t('import.chooseHint', { max: KB_IMPORT_MAX_FILE_LENGTH.toLocaleString() })}
            </span>
          </label>
        </div>

        {files.length > 0 && (
          <div className="mt-4">
            <h3 className="text-sm font-semibold text-ink">{t('import.chosen', { count: files.length })}</h3>
            <ul className="mt-2 divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
              {files.map((file) => (
                <li key={file.name} className="flex items-center gap-3 px-3 py-2 text-sm">
                  <FileText aria-hidden="true" className="size-4 shrink-0 text-slate-600" />
                  <span className="min-w-0 flex-1 break-all text-ink">{file.name}</span>
                  {file.problem ? (
                    <span className="text-xs font-medium text-red-700">{t(`import.problems.${file.problem}`)}</span>
                  ) : (
                    <span className="text-xs whitespace-nowrap text-slate-600">
                      {t('import.size', { size: Math.max(1, Math.round(file.size / 1024)) })}
                    </span>
                  )}
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => setFiles((current) => current.filter((f) => f.name !== file.name))}
                    aria-label={t('import.remove', { name: file.name })}
                    className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 disabled:opacity-50"
                  >
                    <X aria-hidden="true" className="size-4" />
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}

        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <SelectField
            id={`${id}-language`}
            label={t('import.language')}
            hint={t('import.languageHint')}
            value={language}
            disabled={busy}
            onChange={(e) => setLanguage(e.target.value as Language | '')}
          >
            <option value="">{t('import.languageFromFile')}</option>
            {LANGUAGES.map((l) => (
              <option key={l.code} value={l.code}>
                {l.nativeName}
              </option>
            ))}
          </SelectField>
          <div className="flex items-start gap-3 sm:pt-8">
            <input
              id={`${id}-published`}
              type="checkbox"
              role="switch"
              checked={published}
              disabled={busy}
              onChange={(e) => setPublished(e.target.checked)}
              aria-describedby={`${id}-published-hint`}
              className="mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-brand-700"
            />
            <div>
              <label htmlFor={`${id}-published`} className="text-sm font-semibold text-ink">
                {t('import.published')}
              </label>
              <p id={`${id}-published-hint`} className="text-sm text-slate-600">
                {t('import.publishedHint')}
              </p>
            </div>
          </div>
        </div>

        {busy && (
          <div className="mt-4 space-y-1">
            <ProgressBar value={progress.done} max={progress.total} label={t('import.progressLabel')} />
            <p className="text-sm text-slate-700" aria-live="polite">
              {t('import.progress', { done: progress.done, total: progress.total })}
            </p>
          </div>
        )}

        <div className="mt-4 flex flex-wrap gap-2">
          <Button onClick={start} disabled={busy || sendable.length === 0} aria-busy={busy}>
            <Upload aria-hidden="true" className="size-4" />
            {busy ? t('import.importing') : t('import.start', { count: sendable.length })}
          </Button>
          {files.length > 0 && !busy ? (
            <Button variant="outline" onClick={() => setFiles([])}>
              {t('import.clear')}
            </Button>
          ) : null}
        </div>
      </div>

      {report && (
        <section ref={reportRef} tabIndex={-1} aria-labelledby={`${id}-report`} className="outline-none">
          <h3 id={`${id}-report`} className="text-lg font-bold text-ink">
            {t('import.reportTitle')}
          </h3>
          <p className="mt-1 text-sm text-slate-700">{t('import.reportCounts', report.counts)}</p>
          <ul className="mt-3 divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            {report.results.map((line, index) => (
              <li
                key={`${line.name}-${index}`}
                className="flex flex-col gap-2 px-4 py-3 text-sm sm:flex-row sm:items-center"
              >
                <div className="flex min-w-0 flex-1 items-start gap-2">
                  <Badge tone={STATUS_TONES[line.status]} className="mt-0.5">
                    {t(`import.status.${line.status}`)}
                  </Badge>
                  <div className="min-w-0">
                    <p className="font-medium break-all text-ink">{line.name}</p>
                    {line.status === 'error' ? (
                      <p className="text-red-800">{line.message}</p>
                    ) : (
                      <p className="flex flex-wrap items-center gap-2 text-slate-700">
                        {line.language ? <LanguageLabel language={line.language} /> : null}
                        <span className="break-words">{line.title}</span>
                        <code className="text-xs break-all text-slate-600">{line.slug}</code>
                      </p>
                    )}
                  </div>
                </div>
                {line.id ? (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => onEdit(line.id!)}
                    aria-label={t('list.editLabel', { title: line.title ?? line.name })}
                    className="self-start sm:self-center"
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                    {t('list.edit')}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
