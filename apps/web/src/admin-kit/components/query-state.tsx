import { AlertTriangle, Inbox, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { readApiError } from '../../lib/api-error.ts';
import { adminFailureText } from '../admin-error.ts';

/**
 * A failed read of an admin screen (the 'Failed to …' text, then the status and the server's
 * message), with a retry button.
 */
export function QueryError({
  title,
  error,
  onRetry,
  retrying,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
}) {
  const { t } = useTranslation('admin');
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900 sm:flex-row sm:items-center"
    >
      <AlertTriangle aria-hidden="true" className="size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{title}</p>
        <p className="text-sm break-words">{adminFailureText(error, t('offline'))}</p>
      </div>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying} aria-busy={retrying}>
        <RotateCw aria-hidden="true" className="size-4" />
        {t('common.retry')}
      </Button>
    </div>
  );
}

/** The part of a TanStack Query result {@link QueryContent} reads. */
export interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * The body of a screen or panel that shows one record read by `query`: a spinner while it loads,
 * `notFound` on a 404, {@link QueryError} (titled `errorTitle`, with a retry) on any other
 * failure, else `children(data)`.
 */
export function QueryContent<T>({
  query,
  errorTitle,
  notFound,
  children,
}: {
  query: QueryLike<T>;
  errorTitle: string;
  notFound: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  if (query.isError) {
    if (readApiError(query.error)?.status === 404) {
      return (
        <p role="alert" className="text-slate-700">
          {notFound}
        </p>
      );
    }
    return (
      <QueryError
        title={errorTitle}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return query.data === undefined ? <Spinner label={t('loading')} /> : children(query.data);
}

/** What an empty list says (a new store, or filters that match nothing). */
export function EmptyState({ icon, title, children }: { icon?: ReactNode; title: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <span aria-hidden="true" className="text-brand-700">
        {icon ?? <Inbox className="size-8" />}
      </span>
      <p className="mt-3 font-semibold text-ink">{title}</p>
      {children ? <div className="mt-1 max-w-md text-sm text-slate-600">{children}</div> : null}
    </div>
  );
}

/** A "Load more" button under a keyset-paged list. */
export function LoadMore({ hasMore, loading, onLoad }: { hasMore: boolean; loading: boolean; onLoad: () => void }) {
  const { t } = useTranslation('admin');
  if (!hasMore) return null;
  return (
    <div className="mt-4 flex justify-center">
      <Button variant="outline" onClick={onLoad} disabled={loading} aria-busy={loading}>
        {loading ? t('common.loadingMore') : t('common.loadMore')}
      </Button>
    </div>
  );
}
