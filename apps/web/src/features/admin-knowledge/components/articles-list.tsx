import type { KbArticleSummary } from '@esim/contract/knowledge-base';
import { Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toastAdminFailure } from '../../../admin-kit/admin-error.ts';
import { Badge } from '../../../admin-kit/components/badge.tsx';
import { Card, CardList, DataTable } from '../../../admin-kit/components/data-table.tsx';
import { DeleteButton, RowActionButton, RowActions } from '../../../admin-kit/components/row-actions.tsx';
import { useAdminFormat } from '../../../admin-kit/hooks/use-admin-format.ts';
import { cn } from '../../../lib/cn.ts';
import { showToast } from '../../../lib/toast.ts';
import { useDeleteArticle } from '../api/delete-article.ts';
import { LanguageLabel } from './language-label.tsx';

interface ArticlesListProps {
  articles: readonly KbArticleSummary[];
  onEdit: (article: KbArticleSummary) => void;
}

/**
 * The knowledge-base articles: cards on a phone, a table from the `md` breakpoint. Each shows its
 * title, slug and tags, its language (flag and code), a Published / Draft badge, when it was last
 * changed and by whom, and Edit (the editor) and Delete (with a confirmation) buttons. A failed
 * delete shows the toast 'Failed to delete article' with the status text.
 */
export function ArticlesList({ articles, onEdit }: ArticlesListProps) {
  const { t } = useTranslation('admin-knowledge');
  const columns = [
    { key: 'title', label: t('list.columns.title'), className: 'px-4 py-3 font-semibold' },
    { key: 'language', label: t('list.columns.language'), className: 'px-3 py-3 font-semibold' },
    { key: 'status', label: t('list.columns.status'), className: 'px-3 py-3 font-semibold' },
    { key: 'updated', label: t('list.columns.updated'), className: 'px-3 py-3 font-semibold' },
    { key: 'actions', label: t('list.columns.actions'), className: 'px-4 py-3 text-right font-semibold' },
  ];
  return (
    <>
      <CardList label={t('list.caption')}>
        {articles.map((article) => (
          <Card key={article.id} muted={!article.published}>
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
            <ArticleActions article={article} onEdit={onEdit} className="mt-3" />
          </Card>
        ))}
      </CardList>

      <DataTable caption={t('list.caption')} columns={columns} className="hidden md:block">
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
              <ArticleActions article={article} onEdit={onEdit} className="justify-end" compact />
            </td>
          </tr>
        ))}
      </DataTable>
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

function ArticleActions({
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
    <RowActions compact={compact} className={className}>
      <RowActionButton
        icon={Pencil}
        text={t('list.edit')}
        label={t('list.editLabel', { title: article.title })}
        compact={compact}
        onClick={() => onEdit(article)}
      />
      <DeleteButton
        text={t('list.delete')}
        label={t('list.deleteLabel', { title: article.title })}
        compact={compact}
        busy={remove.isPending}
        texts={{
          title: t('delete.title', { title: article.title }),
          body: t('delete.body'),
          confirm: t('delete.confirm'),
          cancel: t('delete.cancel'),
        }}
        onConfirm={() => void onDelete()}
      />
    </RowActions>
  );
}
