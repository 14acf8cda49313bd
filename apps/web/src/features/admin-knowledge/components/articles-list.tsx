import type { KbArticleSummary } from '@esim/contract/knowledge-base';
import { Pencil, Trash2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { showToast } from '../../../lib/toast.ts';
import { toastAdminFailure } from '../../admin/admin-error.ts';
import { Badge } from '../../admin/components/badge.tsx';
import { useAdminFormat } from '../../admin/hooks/use-admin-format.ts';
import { useDeleteArticle } from '../api/delete-article.ts';
import { LanguageLabel } from './language-label.tsx';

interface ArticlesListProps {
  articles: readonly KbArticleSummary[];
  onEdit: (article: KbArticleSummary) => void;
}

/**
 * The knowledge-base articles (issue 11): cards on a phone, a table from the `md` breakpoint.
 * Each shows its title, slug and tags, its language (flag and code), a Published / Draft badge,
 * when it was last changed and by whom, and Edit (the editor) and Delete (with a confirmation)
 * buttons. Failures show the toast 'Failed to delete article' with the status text.
 */
export function ArticlesList({ articles, onEdit }: ArticlesListProps) {
  const { t } = useTranslation('admin-knowledge');
  return (
    <>
      <ul className="grid gap-3 md:hidden" aria-label={t('list.caption')}>
        {articles.map((article) => (
          <li
            key={article.id}
            className={cn(
              'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200',
              !article.published && 'bg-slate-50',
            )}
          >
            <div className="flex items-start justify-between gap-3">
              <h3 className="min-w-0 font-bold break-words text-ink">{article.title}</h3>
              <PublishedBadge published={article.published} />
            </div>
            <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
              <LanguageLabel language={article.language} />
              <code className="min-w-0 break-all text-xs text-slate-600">{article.slug}</code>
            </div>
            {article.excerpt ? <p className="mt-2 line-clamp-2 text-sm text-slate-700">{article.excerpt}</p> : null}
            <Tags tags={article.tags} />
            <p className="mt-2 text-xs text-slate-600">
              <Updated article={article} />
            </p>
            <RowActions article={article} onEdit={onEdit} className="mt-3" />
          </li>
        ))}
      </ul>

      <div className="hidden overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('list.caption')}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                {t('list.columns.title')}
              </th>
              <th scope="col" className="px-3 py-3 font-semibold">
                {t('list.columns.language')}
              </th>
              <th scope="col" className="px-3 py-3 font-semibold">
                {t('list.columns.status')}
              </th>
              <th scope="col" className="px-3 py-3 font-semibold">
                {t('list.columns.updated')}
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                {t('list.columns.actions')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {articles.map((article) => (
              <tr key={article.id} className={cn(!article.published && 'bg-slate-50')}>
                <th scope="row" className="max-w-md min-w-56 px-4 py-3 text-left font-normal">
                  <span className="block font-semibold break-words text-ink">{article.title}</span>
                  <code className="block text-xs break-all text-slate-600">{article.slug}</code>
                  <Tags tags={article.tags} />
                </th>
                <td className="px-3 py-3">
                  <LanguageLabel language={article.language} />
                </td>
                <td className="px-3 py-3">
                  <PublishedBadge published={article.published} />
                </td>
                <td className="px-3 py-3 text-slate-700">
                  <Updated article={article} />
                </td>
                <td className="px-4 py-3">
                  <RowActions article={article} onEdit={onEdit} className="justify-end" compact />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Published (green) or Draft (grey). */
export function PublishedBadge({ published }: { published: boolean }) {
  const { t } = useTranslation('admin-knowledge');
  return <Badge tone={published ? 'success' : 'neutral'}>{published ? t('list.published') : t('list.draft')}</Badge>;
}

/** The first tags of an article (at most 6 shown, the rest counted). */
function Tags({ tags }: { tags: readonly string[] }) {
  const { t } = useTranslation('admin-knowledge');
  if (tags.length === 0) return null;
  const shown = tags.slice(0, 6);
  return (
    <ul className="mt-1.5 flex flex-wrap gap-1" aria-label={t('list.tags')}>
      {shown.map((tag) => (
        <li key={tag} className="rounded-md bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
          {tag}
        </li>
      ))}
      {tags.length > shown.length ? (
        <li className="px-1 py-0.5 text-xs text-slate-600">
          {t('list.moreTags', { count: tags.length - shown.length })}
        </li>
      ) : null}
    </ul>
  );
}

/** "5 minutes ago · by anna", the exact time in the tooltip and for machines. */
function Updated({ article }: { article: KbArticleSummary }) {
  const { t } = useTranslation('admin-knowledge');
  const format = useAdminFormat();
  return (
    <span>
      <time dateTime={article.updatedAt} title={format.dateTime(article.updatedAt)}>
        {format.relative(article.updatedAt)}
      </time>
      <span className="text-slate-600"> · {t('list.by', { name: article.updatedBy })}</span>
    </span>
  );
}

function RowActions({
  article,
  onEdit,
  className,
  compact = false,
}: {
  article: KbArticleSummary;
  onEdit: (article: KbArticleSummary) => void;
  className?: string;
  compact?: boolean;
}) {
  const { t } = useTranslation(['admin-knowledge', 'admin']);
  const remove = useDeleteArticle();
  const onDelete = async () => {
    try {
      await remove.mutateAsync(article.id);
      void showToast('success', t('toasts.deleted', { title: article.title }), { description: t('toasts.liveNow') });
    } catch (error) {
      toastAdminFailure(t('errors.delete'), error, t('admin:offline'));
    }
  };
  return (
    <div className={cn('flex gap-2', compact ? 'flex-nowrap' : 'flex-wrap', className)}>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onEdit(article)}
        aria-label={t('list.editLabel', { title: article.title })}
      >
        <Pencil aria-hidden="true" className="size-4" />
        {compact ? null : t('list.edit')}
      </Button>
      <AlertDialog.Root>
        <AlertDialog.Trigger asChild>
          <Button
            variant="outline"
            size="sm"
            disabled={remove.isPending}
            aria-busy={remove.isPending}
            aria-label={t('list.deleteLabel', { title: article.title })}
            className="text-red-700"
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {compact ? null : t('list.delete')}
          </Button>
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-[10003] bg-slate-900/40" />
          <AlertDialog.Content className="fixed top-1/2 left-1/2 z-[10004] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
            <AlertDialog.Title className="text-lg font-bold break-words text-ink">
              {t('delete.title', { title: article.title })}
            </AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-slate-700">{t('delete.body')}</AlertDialog.Description>
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel className={buttonClass('outline')}>{t('delete.cancel')}</AlertDialog.Cancel>
              <AlertDialog.Action className={buttonClass('danger')} onClick={() => void onDelete()}>
                {t('delete.confirm')}
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </div>
  );
}
