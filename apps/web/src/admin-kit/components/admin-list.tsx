import { ChevronRight, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cn } from '../../lib/cn.ts';
import type { AdminListState } from '../hooks/use-admin-list.ts';
import { RECORD_ROW_ATTRIBUTE, type RecordPanelState } from '../hooks/use-record-panel.ts';
import { AdminPage } from './admin-page.tsx';
import { EmptyState, LoadMore, QueryError } from './query-state.tsx';
import { RefreshButton } from './refresh-button.tsx';
import { SearchForm } from './search-form.tsx';
import { RecordPanel, type RecordPanelTextKey } from './side-panel.tsx';

/**
 * The body of a keyset-paged admin list (`useAdminList`): the failure with a retry (titled
 * `errorTitle`) while nothing was read, a spinner (`loadingLabel`, default "Loading…") while the
 * first page loads, `empty` when there are no rows, else `children` (the rows) and "Load more".
 */
export function AdminList<TPage, TItem>({
  list,
  errorTitle,
  loadingLabel,
  empty,
  children,
}: {
  list: AdminListState<TPage, TItem>;
  errorTitle: string;
  loadingLabel?: string;
  empty: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const { query } = list;
  if (query.isError && !query.data) {
    return (
      <QueryError
        title={errorTitle}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (query.isPending) return <Spinner label={loadingLabel ?? t('loading')} className="min-h-[30vh]" />;
  if (list.items.length === 0) return empty;
  return (
    <>
      {children}
      <LoadMore
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoad={() => void query.fetchNextPage()}
      />
    </>
  );
}

/**
 * The texts of a list screen, by key: `lead`, `searchLabel`, `searchPlaceholder`, `listLabel`
 * (the list's accessible name), the empty states `emptyTitle` / `empty` (no rows at all) and
 * `noMatchTitle` / `noMatch` (filters that match nothing; an empty body text shows none), and
 * the record panel's `panel.title`, `panel.description` and `panel.notFound`.
 */
export type ListTextKey =
  | 'lead'
  | 'searchLabel'
  | 'searchPlaceholder'
  | 'listLabel'
  | 'emptyTitle'
  | 'empty'
  | 'noMatchTitle'
  | 'noMatch'
  | `panel.${RecordPanelTextKey}`;

/** What a {@link RecordRow} shows of a record. */
export interface RecordRowParts {
  /** The first line, beside the `badge`. */
  heading: ReactNode;
  badge: ReactNode;
  /** Further lines under the heading. */
  lines?: ReactNode;
  /** The small print at the bottom, items side by side. */
  meta: ReactNode;
}

/** The record side panel of an {@link AdminListPage} whose rows open it. */
export interface ListRecordPanel<T> {
  state: RecordPanelState<T>;
  /** The title of a failed read. */
  errorTitle: string;
  /** The panel's heading once the record is read (default: `texts('panel.title')`). */
  title?: (record: T) => ReactNode;
  /** What the panel shows of the record. */
  view: (record: T) => ReactNode;
}

/**
 * An admin list screen: the `title` (the page's `h1`) with a "Refresh" action, a filter bar (the
 * search box, applied on Enter, then `filters`), the list's states ({@link AdminList}), then the
 * rows in a list named `texts('listLabel')`: either `row`s in one white box, each opening its
 * record in the `panel`, or `card`s with gaps. `filtered` picks the "no match" empty state.
 */
export function AdminListPage<TPage, TItem extends { id: number }, TRecord>({
  title,
  texts,
  list,
  errorTitle,
  emptyIcon: EmptyIcon,
  filtered,
  search,
  onSearch,
  filters,
  row,
  panel,
  card,
}: {
  title: string;
  texts: (key: ListTextKey) => string;
  list: AdminListState<TPage, TItem>;
  errorTitle: string;
  emptyIcon: LucideIcon;
  filtered: boolean;
  /** The search text in force (`?q=`). */
  search: string;
  onSearch: (q: string) => void;
  filters?: ReactNode;
  /** A row of each item, opening its record in `panel`; or else `card`. */
  row?: (item: TItem) => RecordRowParts;
  panel?: ListRecordPanel<TRecord>;
  card?: (item: TItem) => ReactNode;
}) {
  return (
    <AdminPage title={title} lead={texts('lead')} actions={<RefreshButton query={list.query} />}>
      <div className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:flex-row md:items-end">
        <SearchForm
          label={texts('searchLabel')}
          placeholder={texts('searchPlaceholder')}
          value={search}
          onSearch={onSearch}
        />
        {filters}
      </div>
      <div className="mt-4">
        <AdminList
          list={list}
          errorTitle={errorTitle}
          empty={
            <EmptyState
              icon={<EmptyIcon className="size-8" />}
              title={filtered ? texts('noMatchTitle') : texts('emptyTitle')}
            >
              {filtered ? texts('noMatch') : texts('empty')}
            </EmptyState>
          }
        >
          {row && panel ? (
            <ul
              aria-label={texts('listLabel')}
              className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
            >
              {list.items.map((item) => (
                <RecordRow
                  key={item.id}
                  id={item.id}
                  current={item.id === panel.state.id}
                  onOpen={panel.state.open}
                  {...row(item)}
                />
              ))}
            </ul>
          ) : (
            <ol aria-label={texts('listLabel')} className="flex flex-col gap-3">
              {card ? list.items.map((item) => card(item)) : null}
            </ol>
          )}
        </AdminList>
      </div>
      {panel ? (
        <RecordPanel
          panel={panel.state}
          texts={(key) => texts(`panel.${key}`)}
          errorTitle={panel.errorTitle}
          {...(panel.title ? { title: panel.title } : {})}
        >
          {panel.view}
        </RecordPanel>
      ) : null}
    </AdminPage>
  );
}

/**
 * A row of a list that opens its record in a side panel: a button (marked with the record's id,
 * so focus comes back to it when the panel closes; `current` while its record is shown) holding
 * the `heading` and its `badge` on the first line, further `lines`, the `meta` line in small
 * print, and a chevron. Rows wrap at 360 px.
 */
export function RecordRow({
  id,
  current,
  onOpen,
  heading,
  badge,
  lines,
  meta,
}: RecordRowParts & {
  id: number;
  current: boolean;
  onOpen: (id: number) => void;
}) {
  return (
    <li className="border-b border-slate-100 last:border-b-0">
      <button
        type="button"
        {...{ [RECORD_ROW_ATTRIBUTE]: id }}
        onClick={() => onOpen(id)}
        aria-current={current ? 'true' : undefined}
        className={cn(
          'flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:bg-slate-50',
          current && 'bg-brand-50',
        )}
      >
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            {heading}
            {badge}
          </span>
          {lines}
          <span className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600">{meta}</span>
        </span>
        <ChevronRight aria-hidden="true" className="mt-1 size-4 shrink-0 text-slate-500" />
      </button>
    </li>
  );
}
