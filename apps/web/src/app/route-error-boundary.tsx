import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button.tsx';

/** Whether an error is a failed download of a lazily loaded chunk (the connection, not the code). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|module script failed|Importing a module script failed|error loading dynamically|Failed to fetch/i.test(
    message,
  );
}

function RouteErrorFallback({ offline, onRetry }: { offline: boolean; onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-6 text-center"
    >
      <h1 className="text-2xl font-bold text-ink">
        {offline
          ? t('routeError.offlineTitle', 'This page could not be loaded')
          : t('crash.title', 'Something went wrong')}
      </h1>
      <p className="text-slate-600">
        {offline
          ? t(
              'routeError.offlineBody',
              'The connection dropped while the page was loading. Check your connection and try again.',
            )
          : t('routeError.body', 'This page ran into an error. Try again, or go back to the plans.')}
      </p>
      <Button onClick={onRetry}>{t('routeError.retry', 'Try again')}</Button>
    </div>
  );
}

/**
 * The error boundary of the route outlet: a screen that fails to download
 * after its retries (`router.tsx` `withRetries`) or to render shows its error inside the layout,
 * header, navigation and footer kept, with a 'Try again' button that loads it afresh. Navigating
 * elsewhere (`resetKey`, the location) clears the error. The store-wide crash screen
 * (`error-boundary.tsx`) stays for errors outside the routes.
 */
export class RouteErrorBoundary extends Component<
  { children: ReactNode; resetKey: string; onRetry: () => void },
  { error: unknown; key: string }
> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A screen failed to load or render', error, info.componentStack);
  }

  private retry = () => {
    this.props.onRetry();
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error === null) return this.props.children;
    return <RouteErrorFallback offline={isChunkLoadError(this.state.error)} onRetry={this.retry} />;
  }
}
