import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button.tsx';

function CrashFallback() {
  const { t } = useTranslation('common');
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-6 text-center"
    >
      <h1 className="text-2xl font-bold">{t('crash.title', 'Something went wrong')}</h1>
      <p className="text-slate-600">
        {t('crash.body', 'The application encountered an error. Please refresh the page.')}
      </p>
      <Button onClick={() => window.location.reload()}>{t('crash.refresh', 'Refresh Page')}</Button>
    </div>
  );
}

/**
 * The crash fallback (`docs/product-rules.md#storefront-pages`): 'Something went wrong', 'The application
 * encountered an error. Please refresh the page.' and a 'Refresh Page' button that reloads.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unhandled error in the storefront', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <CrashFallback /> : this.props.children;
  }
}
