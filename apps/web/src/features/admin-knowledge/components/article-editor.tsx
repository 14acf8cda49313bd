import { zodResolver } from '@hookform/resolvers/zod';
import { KB_BODY_MAX_LENGTH, type KbArticle } from '@esim/contract/knowledge-base';
import { LANGUAGES, type Language } from '@esim/contract/languages';
import { AlertTriangle, RotateCw, X } from 'lucide-react';
import { Dialog, Tabs } from 'radix-ui';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldShell, SelectField, TextField, describedBy, inputClass } from '../../../components/form/form-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { readApiError } from '../../../lib/api-error.ts';
import { showToast } from '../../../lib/toast.ts';
import { toastAdminFailure } from '../../../admin-kit/admin-error.ts';
import { QueryError } from '../../../admin-kit/components/query-state.tsx';
import { useArticle } from '../api/get-article.ts';
import { useCreateArticle, useUpdateArticle } from '../api/save-article.ts';
import {
  ARTICLE_FIELDS,
  type ArticleFormValues,
  articleFormSchema,
  formFieldOf,
  initialArticleValues,
  toCreateBody,
  toUpdateBody,
} from '../hooks/article-form.ts';
import { MarkdownPreview } from './markdown-preview.tsx';

/** What the editor shows: a new article (in a language) or an existing one (by id); null when closed. */
export type EditorTarget = { mode: 'create'; language: Language } | { mode: 'edit'; id: number } | null;

/**
 * The article editor: a dialog with the title, language,
 * slug, tags, published switch and the Markdown body, and a Preview tab showing the body rendered
 * (no raw HTML). Fields are checked with the API's rules as they are left; the server's field
 * errors show next to their field. A save refused because someone else saved the article since
 * it was loaded (409 `article_changed`) says so, keeps the admin's text, and offers to reload.
 * Toasts: 'Article created' / 'Article saved', or 'Failed to save article' with the status text.
 */
export function ArticleEditor({
  target,
  onClose,
  returnFocus,
}: {
  target: EditorTarget;
  onClose: () => void;
  /** Where focus goes back when the dialog closes (the button that opened it). */
  returnFocus?: () => HTMLElement | null;
}) {
  return (
    <Dialog.Root open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[10003] bg-slate-900/40" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            const element = returnFocus?.();
            if (element?.isConnected) {
              event.preventDefault();
              element.focus();
            }
          }}
          className="fixed top-1/2 left-1/2 z-[10004] flex max-h-[calc(100dvh-1rem)] w-[min(56rem,calc(100vw-1rem))] -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white shadow-xl"
        >
          {target?.mode === 'edit' ? (
            <EditLoader id={target.id} onDone={onClose} />
          ) : target?.mode === 'create' ? (
            <ArticleForm article={null} language={target.language} onDone={onClose} />
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Reads the article afresh, then shows the form (again from the new state after "Reload"). */
function EditLoader({ id, onDone }: { id: number; onDone: () => void }) {
  const { t } = useTranslation(['admin-knowledge', 'admin']);
  const query = useArticle(id);
  if (query.data) {
    const article = query.data.article;
    return (
      <ArticleForm
        key={article.updatedAt}
        article={article}
        language={article.language}
        onDone={onDone}
        onReload={() => void query.refetch()}
        reloading={query.isFetching}
      />
    );
  }
  return (
    <>
      <EditorHeader title={t('editor.editTitle')} />
      <div className="p-5 sm:p-6">
        {query.isError ? (
          <QueryError
            title={t('errors.fetchArticle')}
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          <Spinner label={t('admin:loading')} />
        )}
      </div>
    </>
  );
}

function EditorHeader({ title }: { title: string }) {
  const { t } = useTranslation('admin-knowledge');
  return (
    <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 sm:px-6">
      <Dialog.Title className="min-w-0 text-lg font-bold break-words text-ink">{title}</Dialog.Title>
      <Dialog.Close
        className="-mr-2 rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-ink"
        aria-label={t('editor.close')}
      >
        <X aria-hidden="true" className="size-5" />
      </Dialog.Close>
    </div>
  );
}

function ArticleForm({
  article,
  language,
  onDone,
  onReload,
  reloading = false,
}: {
  article: KbArticle | null;
  language: Language;
  onDone: () => void;
  onReload?: () => void;
  reloading?: boolean;
}) {
  const { t } = useTranslation(['admin-knowledge', 'admin']);
  const create = useCreateArticle();
  const update = useUpdateArticle();
  const saving = create.isPending || update.isPending;
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [conflict, setConflict] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<ArticleFormValues>({
    resolver: zodResolver(articleFormSchema),
    defaultValues: initialArticleValues(article, language),
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
  const body = useWatch({ control, name: 'body' });
  const title = useWatch({ control, name: 'title' });
  const message = (key: string | undefined) => (key ? t(`editor.errors.${key}`, { defaultValue: key }) : undefined);

  const submit = handleSubmit(
    async (values) => {
      setConflict(false);
      try {
        if (article) await update.mutateAsync({ id: article.id, body: toUpdateBody(values, article.updatedAt) });
        else await create.mutateAsync(toCreateBody(values));
        void showToast('success', article ? t('toasts.saved') : t('toasts.created'), {
          description: t('toasts.liveNow'),
        });
        onDone();
      } catch (error) {
        const info = readApiError(error);
        if (info?.status === 409 && info.code === 'article_changed') {
          setConflict(true);
          void showToast('error', t('errors.changedTitle'), { description: t('errors.changedBody') });
          return;
        }
        toastAdminFailure(article ? t('errors.save') : t('errors.create'), error, t('admin:offline'));
        const field = formFieldOf(info?.field);
        if (field) {
          setTab('write');
          const key = info?.code === 'slug_taken' ? 'slugTaken' : `server.${field}`;
          setError(field, { message: key }, { shouldFocus: true });
        }
      }
    },
    () => setTab('write'),
  );

  const id = (name: string) => `kb-editor-${name}`;
  const bodyError = message(errors.body?.message);

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex min-h-0 flex-col" aria-busy={saving}>
      <EditorHeader title={article ? t('editor.editTitle') : t('editor.createTitle')} />
      <div className="min-h-0 overflow-y-auto px-5 py-5 sm:px-6">
        {conflict && (
          <div
            role="alert"
            className="mb-4 flex flex-col items-start gap-3 rounded-xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-300 sm:flex-row sm:items-center"
          >
            <AlertTriangle aria-hidden="true" className="size-5 shrink-0" />
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-semibold">{t('errors.changedTitle')}</p>
              <p>{t('errors.changedBody')}</p>
            </div>
            {onReload && (
              <Button variant="outline" size="sm" onClick={onReload} disabled={reloading} aria-busy={reloading}>
                <RotateCw aria-hidden="true" className="size-4" />
                {t('editor.reload')}
              </Button>
            )}
          </div>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id={id('title')}
            label={t('editor.title')}
            required
            autoComplete="off"
            error={message(errors.title?.message)}
            fieldClassName="sm:col-span-2"
            disabled={saving}
            {...register('title')}
          />
          <SelectField
            id={id('language')}
            label={t('editor.language')}
            required
            error={message(errors.language?.message)}
            disabled={saving}
            {...register('language')}
          >
            {LANGUAGES.map((l) => (
              <option key={l.code} value={l.code}>
                {l.nativeName} ({l.code.toUpperCase()})
              </option>
            ))}
          </SelectField>
          <TextField
            id={id('slug')}
            label={t('editor.slug')}
            hint={article ? t('editor.slugHintEdit') : t('editor.slugHint')}
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
            error={message(errors.slug?.message)}
            disabled={saving}
            {...register('slug')}
          />
          <TextField
            id={id('tags')}
            label={t('editor.tags')}
            hint={t('editor.tagsHint')}
            autoComplete="off"
            error={message(errors.tags?.message)}
            disabled={saving}
            {...register('tags')}
          />
          <div className="flex items-start gap-3 sm:pt-8">
            <input
              id={id('published')}
              type="checkbox"
              role="switch"
              className="mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-brand-700"
              aria-describedby={`${id('published')}-hint`}
              disabled={saving}
              {...register('published')}
            />
            <div>
              <label htmlFor={id('published')} className="text-sm font-semibold text-ink">
                {t('editor.published')}
              </label>
              <p id={`${id('published')}-hint`} className="text-sm text-slate-600">
                {t('editor.publishedHint')}
              </p>
            </div>
          </div>
        </div>

        <Tabs.Root value={tab} onValueChange={(v) => setTab(v as 'write' | 'preview')} className="mt-5">
          <Tabs.List aria-label={t('editor.bodyTabs')} className="flex gap-1 border-b border-slate-200">
            {(['write', 'preview'] as const).map((value) => (
              <Tabs.Trigger
                key={value}
                value={value}
                className="-mb-px rounded-t-lg border-b-2 border-transparent px-4 py-2 text-sm font-semibold text-slate-700 hover:text-ink data-[state=active]:border-brand-700 data-[state=active]:text-brand-800"
              >
                {t(`editor.${value}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="write" forceMount className="pt-3 data-[state=inactive]:hidden">
            <FieldShell
              id={id('body')}
              label={t('editor.body')}
              required
              hint={t('editor.bodyHint', { max: KB_BODY_MAX_LENGTH.toLocaleString() })}
              error={bodyError}
            >
              <textarea
                id={id('body')}
                rows={14}
                spellCheck
                aria-invalid={bodyError ? true : undefined}
                aria-required
                aria-describedby={describedBy(id('body'), true, Boolean(bodyError))}
                className={inputClass(Boolean(bodyError), 'min-h-48 resize-y font-mono text-sm leading-6')}
                disabled={saving}
                {...register('body')}
              />
            </FieldShell>
            <p className="mt-1 text-right text-xs text-slate-600" aria-live="off">
              {t('editor.characters', { count: body.length, max: KB_BODY_MAX_LENGTH.toLocaleString() })}
            </p>
          </Tabs.Content>
          <Tabs.Content value="preview" className="pt-3 focus-visible:outline-2 focus-visible:outline-brand-700">
            <div className="rounded-xl border border-slate-200 bg-slate-50/50 p-4">
              {title.trim() ? <p className="mb-3 text-lg font-bold text-ink">{title}</p> : null}
              {body.trim() ? (
                <MarkdownPreview markdown={body} />
              ) : (
                <p className="text-sm text-slate-600">{t('editor.previewEmpty')}</p>
              )}
            </div>
          </Tabs.Content>
        </Tabs.Root>
        {/* Every field's error is next to its field; this line says where to look when the body tab is hidden. */}
        {tab === 'preview' && ARTICLE_FIELDS.some((f) => errors[f]) ? (
          <p role="alert" className="mt-3 text-sm font-medium text-red-700">
            {t('editor.fixErrors')}
          </p>
        ) : null}
      </div>

      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 px-5 py-4 sm:flex-row sm:justify-end sm:px-6">
        <Dialog.Close asChild>
          <Button variant="outline" disabled={saving}>
            {t('editor.cancel')}
          </Button>
        </Dialog.Close>
        <Button type="submit" disabled={saving} aria-busy={saving}>
          {saving ? t('editor.saving') : article ? t('editor.save') : t('editor.create')}
        </Button>
      </div>
    </form>
  );
}
