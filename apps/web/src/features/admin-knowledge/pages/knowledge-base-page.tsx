import { LANGUAGES, type Language } from '@esim/contract/languages';
import { BookOpen, FileUp, MessageCircleQuestion, Plus } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminList } from '../../../admin-kit/components/admin-list.tsx';
import { AdminPage } from '../../../admin-kit/components/admin-page.tsx';
import { EmptyState } from '../../../admin-kit/components/query-state.tsx';
import { RefreshButton } from '../../../admin-kit/components/refresh-button.tsx';
import { SearchForm } from '../../../admin-kit/components/search-form.tsx';
import { useAdminFormat } from '../../../admin-kit/hooks/use-admin-format.ts';
import { useAdminList } from '../../../admin-kit/hooks/use-admin-list.ts';
import { useAddressView } from '../../../admin-kit/hooks/use-address-view.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useArticles } from '../api/get-articles.ts';
import { ArticleEditor, type EditorTarget } from '../components/article-editor.tsx';
import { ArticlesList } from '../components/articles-list.tsx';
import { ImportPanel } from '../components/import-panel.tsx';
import { TryQuestion } from '../components/try-question.tsx';
import {
  KB_TABS,
  type KbFilters,
  type KbTab,
  isKbFiltered,
  readKbFilters,
  writeKbFilters,
} from '../hooks/kb-filters.ts';

/** The filters' look, as the other admin lists' filter bars. */
const FILTER_LABEL = 'flex min-w-0 flex-col gap-1 text-sm font-semibold text-slate-700';
const FILTER_SELECT =
  'h-11 w-full min-w-0 rounded-xl border border-slate-300 bg-white px-3 text-sm font-normal text-ink focus:border-brand-600';

const TAB_ICONS = { articles: BookOpen, import: FileUp, try: MessageCircleQuestion } as const;

/**
 * `/admin/knowledge-base` (`docs/product-rules.md#chat-assistant-and-knowledge-base`): the articles the
 * chat assistant answers from, in three tabs (arrow keys move between them):
 *
 * - Articles: search (title, body, tags, slug), language and published filters, newest updated
 *   first with "Load more" pages; each row's language, Published / Draft badge and last change;
 *   New article, Edit (the editor with its Markdown preview; a save refused because someone else
 *   saved since says so and offers to reload) and Delete (confirmed).
 * - Import: several Markdown files at once, picked or dropped, with a progress bar and the
 *   report per file.
 * - Try a question: the reply the assistant would give, its sources, and the retrieved articles
 *   with their scores.
 *
 * The tab, search and filters live in the address (`?tab=try`, `?q=hotspot&language=en`). Every
 * change reaches the assistant at its next question. Cards at 360 px, a table from `md` up.
 */
export default function KnowledgeBasePage() {
  const { t, i18n } = useTranslation(['admin-knowledge', 'admin']);
  const format = useAdminFormat();
  const address = useAddressView('/admin/knowledge-base', readKbFilters);
  const filters = address.view;
  const list = useAdminList(useArticles(filters), (page) => page.articles, t('errors.fetch'));
  const total = list.first?.total ?? list.items.length;
  const [editor, setEditor] = useState<EditorTarget>(null);
  const opener = useRef<HTMLElement | null>(null);
  const update = (next: KbFilters) => address.show(writeKbFilters(next));

  const openEditor = (target: EditorTarget) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setEditor(target);
  };
  const interfaceLanguage = (LANGUAGES.find((l) => l.code === i18n.resolvedLanguage)?.code ?? 'en') as Language;

  return (
    <AdminPage
      title={t('title')}
      lead={t('lead')}
      actions={
        <Button
          onClick={() => openEditor({ mode: 'create', language: filters.language || interfaceLanguage })}
          className="whitespace-nowrap"
        >
          <Plus aria-hidden="true" className="size-4" />
          {t('list.new')}
        </Button>
      }
    >
      <Tabs.Root value={filters.tab} onValueChange={(tab) => update({ ...filters, tab: tab as KbTab })}>
        <Tabs.List aria-label={t('tabs.label')} className="flex gap-1 overflow-x-auto border-b border-slate-200">
          {KB_TABS.map((tab) => {
            const Icon = TAB_ICONS[tab];
            return (
              <Tabs.Trigger
                key={tab}
                value={tab}
                className="-mb-px inline-flex shrink-0 items-center gap-2 rounded-t-lg border-b-2 border-transparent px-3 py-2.5 text-sm font-semibold whitespace-nowrap text-slate-700 hover:text-ink data-[state=active]:border-brand-700 data-[state=active]:text-brand-800 sm:px-4"
              >
                <Icon aria-hidden="true" className="size-4" />
                {t(`tabs.${tab}`)}
              </Tabs.Trigger>
            );
          })}
        </Tabs.List>

        <Tabs.Content
          value="articles"
          forceMount
          className="mt-5 rounded-sm focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-700 data-[state=inactive]:hidden"
        >
          <div className="flex flex-col gap-3 md:flex-row md:items-end">
            <SearchForm
              label={t('list.search')}
              placeholder={t('list.searchPlaceholder')}
              value={filters.q}
              onSearch={(q) => update({ ...filters, q })}
            />
            <div className="grid grid-cols-2 gap-3 md:w-96">
              <label className={FILTER_LABEL}>
                {t('list.language')}
                <select
                  value={filters.language}
                  onChange={(e) => update({ ...filters, language: e.target.value as Language | '' })}
                  className={FILTER_SELECT}
                >
                  <option value="">{t('list.allLanguages')}</option>
                  {LANGUAGES.map((l) => (
                    <option key={l.code} value={l.code}>
                      {l.nativeName}
                    </option>
                  ))}
                </select>
              </label>
              <label className={FILTER_LABEL}>
                {t('list.status')}
                <select
                  value={filters.published}
                  onChange={(e) => update({ ...filters, published: e.target.value as KbFilters['published'] })}
                  className={FILTER_SELECT}
                >
                  <option value="">{t('list.allStatuses')}</option>
                  <option value="true">{t('list.published')}</option>
                  <option value="false">{t('list.drafts')}</option>
                </select>
              </label>
            </div>
          </div>

          <div className="mt-4" aria-busy={list.query.isPending}>
            <AdminList
              list={list}
              errorTitle={t('errors.fetch')}
              loadingLabel={t('list.loading')}
              empty={
                <EmptyState
                  icon={<BookOpen className="size-8" />}
                  title={isKbFiltered(filters) ? t('list.noMatchTitle') : t('list.emptyTitle')}
                >
                  {isKbFiltered(filters) ? t('list.noMatch') : t('list.empty')}
                </EmptyState>
              }
            >
              <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm text-slate-600" role="status">
                  {t('list.showing', {
                    shown: format.count(list.items.length),
                    total: format.count(total),
                    count: total,
                  })}
                </p>
                <RefreshButton query={list.query} />
              </div>
              <ArticlesList articles={list.items} onEdit={(article) => openEditor({ mode: 'edit', id: article.id })} />
            </AdminList>
          </div>
        </Tabs.Content>

        <Tabs.Content
          value="import"
          forceMount
          className="mt-5 rounded-sm focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-700 data-[state=inactive]:hidden"
        >
          <ImportPanel onEdit={(id) => openEditor({ mode: 'edit', id })} />
        </Tabs.Content>

        <Tabs.Content
          value="try"
          forceMount
          className="mt-5 rounded-sm focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-700 data-[state=inactive]:hidden"
        >
          <p className="mb-4 max-w-3xl text-sm text-slate-700">{t('try.intro')}</p>
          <TryQuestion onEdit={(id) => openEditor({ mode: 'edit', id })} />
        </Tabs.Content>
      </Tabs.Root>

      <ArticleEditor target={editor} onClose={() => setEditor(null)} returnFocus={() => opener.current} />
    </AdminPage>
  );
}
