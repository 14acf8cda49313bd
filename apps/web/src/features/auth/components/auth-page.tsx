import { BRAND } from '@esim/contract/brand';
import { Info } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { useUser } from '../api/get-user.ts';
import { nextFromSearch } from '../hooks/next-path.ts';
import { useFragmentToken } from '../hooks/use-fragment-token.ts';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { RegisterForm } from './register-form.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';
import { SignInForm } from './sign-in-form.tsx';

type Tab = 'signin' | 'register';
type View = 'tabs' | 'forgot' | 'reset';

/** Where the reset link's token is kept for the tab (a reload of the form keeps it). */
const RESET_TOKEN_KEY = 'auth:resetToken';

/** The view a `?view=` asks for. */
function viewOf(value: string | null): View {
  return value === 'forgot' || value === 'reset' ? value : 'tabs';
}

/** `/auth` with the view and the `next` to keep (`?tab=register`, `?view=forgot`). */
function authHref(params: { tab?: Tab; view?: 'forgot'; next: string }): string {
  const search = new URLSearchParams();
  if (params.view) search.set('view', params.view);
  if (params.tab === 'register') search.set('tab', 'register');
  if (params.next !== '/') search.set('next', params.next);
  const query = search.toString();
  return query ? `/auth?${query}` : '/auth';
}

/**
 * The sign-in and register page (`/auth`): tabs
 * Sign in and Create account (`?tab=register` opens the second), the forgot-password view
 * (`?view=forgot`), the new-password view of the reset e-mail's link (`?view=reset#token=…`),
 * and `?next=` back to the page that sent the visitor here (same-site paths only,
 * `next-path.ts`). A visitor already signed in goes there at once, except from a reset link
 * (the reset signs every session of the account out).
 */
export function AuthPage() {
  const { t } = useTranslation('auth');
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const next = nextFromSearch(search);
  const view = viewOf(params.get('view'));
  const resetToken = useFragmentToken(RESET_TOKEN_KEY);
  const [tab, setTab] = useState<Tab>(params.get('tab') === 'register' ? 'register' : 'signin');
  const [done, setDone] = useState(false);
  const user = useUser().data;
  const goNext = () => {
    setDone(true);
    navigate(next, { replace: true });
  };

  // Signed in already (another tab, the back button): nothing to do here.
  if (user && !done && view !== 'reset') return <Redirect to={next} replace />;

  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-14">
      <div className="text-center">
        <h1 className="text-3xl font-extrabold tracking-tight text-ink">{t('page.title', { brand: BRAND })}</h1>
        <p className="mt-2 text-slate-600">{t('page.lead')}</p>
      </div>

      <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7">
        {view === 'forgot' ? (
          <ForgotPasswordForm backHref={authHref({ next })} />
        ) : view === 'reset' ? (
          <ResetPasswordForm
            token={resetToken.token}
            onReset={() => {
              resetToken.forget();
              setTab('signin');
              navigate(authHref({ next }), { replace: true });
            }}
            onTokenRefused={resetToken.forget}
            forgotHref={authHref({ view: 'forgot', next })}
            signInHref={authHref({ next })}
          />
        ) : (
          <Tabs.Root
            value={tab}
            onValueChange={(value) => {
              const nextTab: Tab = value === 'register' ? 'register' : 'signin';
              setTab(nextTab);
              navigate(authHref({ tab: nextTab, next }), { replace: true });
            }}
          >
            <Tabs.List aria-label={t('page.tabsLabel')} className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
              {(['signin', 'register'] as const).map((value) => (
                <Tabs.Trigger
                  key={value}
                  value={value}
                  className="h-10 rounded-lg px-2 text-sm font-semibold text-slate-700 transition-colors hover:text-ink data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm"
                >
                  {t(`page.tabs.${value}`)}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value="signin" className="mt-6 outline-none">
              <SignInForm onSignedIn={goNext} forgotHref={authHref({ view: 'forgot', next })} />
            </Tabs.Content>
            <Tabs.Content value="register" className="mt-6 outline-none">
              <RegisterForm onRegistered={goNext} />
            </Tabs.Content>
          </Tabs.Root>
        )}
      </div>

      <aside className="mt-6 flex gap-3 rounded-2xl bg-brand-50 p-4 text-sm leading-6 text-brand-900">
        <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
        <p>
          {t('page.guestNote')}{' '}
          <Link href="/portal" className="rounded font-semibold text-brand-800 underline">
            {t('page.portalLink')}
          </Link>
        </p>
      </aside>
    </div>
  );
}
