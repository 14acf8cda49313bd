import { BRAND } from '@esim/contract/brand';
import { Eye, EyeOff, Info, LogIn, UserPlus } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Link, useLocation } from 'wouter';
import { Button } from '../../components/ui/button.tsx';
import { HttpError, apiFetch } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { usePageMeta } from '../page-meta.tsx';

/** Toast durations of specification section 9. */
const SUCCESS_TOAST_MS = 3000;
const ERROR_TOAST_MS = 4000;

/** Minimum password length for new accounts (DESIGN.md section 6, OWASP ASVS). */
const PASSWORD_MIN_LENGTH = 12;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Tab = 'signin' | 'register';
type Errors<F extends string> = Partial<Record<F, string>>;

/** Focuses the first field of `order` that has an error; returns whether there was one. */
function focusFirstError<F extends string>(
  form: HTMLFormElement | null,
  order: readonly F[],
  errors: Errors<F>,
): boolean {
  const first = order.find((field) => errors[field]);
  if (first) form?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  return first !== undefined;
}

/**
 * The sign-in and register page (specification section 2 "Other screens"): username, email,
 * password, confirm password, first name, last name and a forgot-password link. Posts to
 * `/api/login` or `/api/register`; failures show 'Login failed' / 'Registration failed' with the
 * server's message (section 8). Accounts arrive in a later issue; nothing is faked meanwhile.
 */
export function AuthRoute() {
  usePageMeta({ kind: 'default' });
  const { t } = useTranslation('content');
  const [tab, setTab] = useState<Tab>(() =>
    new URLSearchParams(window.location.search).get('tab') === 'register' ? 'register' : 'signin',
  );
  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-14">
      <div className="text-center">
        <h1 className="text-3xl font-extrabold tracking-tight text-ink">{t('auth.title', { brand: BRAND })}</h1>
        <p className="mt-2 text-slate-600">{t('auth.lead')}</p>
      </div>

      <Tabs.Root
        value={tab}
        onValueChange={(value) => setTab(value === 'register' ? 'register' : 'signin')}
        className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7"
      >
        <Tabs.List aria-label={t('auth.tabsLabel')} className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
          {(['signin', 'register'] as const).map((value) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="h-10 rounded-lg text-sm font-semibold text-slate-600 transition-colors hover:text-ink data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm"
            >
              {t(`auth.tabs.${value}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="signin" className="mt-6">
          <SignInForm />
        </Tabs.Content>
        <Tabs.Content value="register" className="mt-6">
          <RegisterForm />
        </Tabs.Content>
      </Tabs.Root>

      <aside className="mt-6 flex gap-3 rounded-2xl bg-brand-50 p-4 text-sm leading-6 text-brand-900">
        <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
        <p>
          {t('auth.guestNote')}{' '}
          <Link href="/portal" className="rounded font-semibold text-brand-800 underline">
            {t('auth.portalLink')}
          </Link>
        </p>
      </aside>
    </div>
  );
}

/** Shows the failure toast with the server's message, or a network hint when there is no response. */
function useFailureToast() {
  const { t } = useTranslation('content');
  return (title: string, error: unknown) => {
    const description = error instanceof HttpError ? (error.serverMessage ?? error.message) : t('auth.errors.network');
    toast.error(title, { description, duration: ERROR_TOAST_MS });
  };
}

const SIGN_IN_FIELDS = ['username', 'password'] as const;
type SignInField = (typeof SIGN_IN_FIELDS)[number];

function SignInForm() {
  const { t } = useTranslation('content');
  const [, navigate] = useLocation();
  const failed = useFailureToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<SignInField, string>>({ username: '', password: '' });
  const [errors, setErrors] = useState<Errors<SignInField>>({});
  const [busy, setBusy] = useState(false);

  const check = (v: Record<SignInField, string>): Errors<SignInField> => ({
    ...(v.username.trim() ? {} : { username: t('auth.errors.usernameRequired') }),
    ...(v.password ? {} : { password: t('auth.errors.passwordRequired') }),
  });

  const change = (field: SignInField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field]) setErrors(check(next));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = check(values);
    setErrors(found);
    if (focusFirstError(formRef.current, SIGN_IN_FIELDS, found)) return;
    setBusy(true);
    try {
      await apiFetch('/api/login', {
        method: 'POST',
        json: { username: values.username.trim(), password: values.password },
      });
      toast.success(t('auth.toast.loginSuccess'), { duration: SUCCESS_TOAST_MS });
      navigate('/');
    } catch (error) {
      failed(t('auth.toast.loginFailed'), error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
      <Field
        name="username"
        label={t('auth.fields.username')}
        autoComplete="username"
        value={values.username}
        error={errors.username}
        onChange={(v) => change('username', v)}
      />
      <Field
        name="password"
        type="password"
        label={t('auth.fields.password')}
        autoComplete="current-password"
        value={values.password}
        error={errors.password}
        onChange={(v) => change('password', v)}
      />
      <div className="flex justify-end">
        <Link href="/support#contact-form" className="rounded text-sm font-semibold text-brand-700 hover:underline">
          {t('auth.forgotPassword')}
        </Link>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        <LogIn aria-hidden="true" className="size-4" />
        {busy ? t('auth.signingIn') : t('auth.submitSignIn')}
      </Button>
    </form>
  );
}

const REGISTER_FIELDS = ['firstName', 'lastName', 'username', 'email', 'password', 'confirmPassword'] as const;
type RegisterField = (typeof REGISTER_FIELDS)[number];

function RegisterForm() {
  const { t } = useTranslation('content');
  const [, navigate] = useLocation();
  const failed = useFailureToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<RegisterField, string>>({
    firstName: '',
    lastName: '',
    username: '',
    email: '',
    password: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<Errors<RegisterField>>({});
  const [busy, setBusy] = useState(false);

  const check = (v: Record<RegisterField, string>): Errors<RegisterField> => {
    const found: Errors<RegisterField> = {};
    if (!v.firstName.trim()) found.firstName = t('auth.errors.firstNameRequired');
    if (!v.lastName.trim()) found.lastName = t('auth.errors.lastNameRequired');
    if (!v.username.trim()) found.username = t('auth.errors.usernameRequired');
    if (!v.email.trim()) found.email = t('auth.errors.emailRequired');
    else if (!EMAIL_PATTERN.test(v.email.trim())) found.email = t('auth.errors.emailInvalid');
    if (!v.password) found.password = t('auth.errors.passwordRequired');
    else if (v.password.length < PASSWORD_MIN_LENGTH) {
      found.password = t('auth.errors.passwordShort', { count: PASSWORD_MIN_LENGTH });
    }
    if (!v.confirmPassword) found.confirmPassword = t('auth.errors.confirmRequired');
    else if (v.confirmPassword !== v.password) found.confirmPassword = t('auth.errors.confirmMismatch');
    return found;
  };

  const change = (field: RegisterField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field] || (field === 'password' && errors.confirmPassword)) setErrors(check(next));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = check(values);
    setErrors(found);
    if (focusFirstError(formRef.current, REGISTER_FIELDS, found)) return;
    setBusy(true);
    try {
      await apiFetch('/api/register', {
        method: 'POST',
        json: {
          username: values.username.trim(),
          email: values.email.trim(),
          password: values.password,
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
        },
      });
      toast.success(t('auth.toast.registerSuccess'), { duration: SUCCESS_TOAST_MS });
      navigate('/');
    } catch (error) {
      failed(t('auth.toast.registerFailed'), error);
    } finally {
      setBusy(false);
    }
  };

  const field = (name: RegisterField) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (v: string) => change(name, v),
  });

  return (
    <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field {...field('firstName')} label={t('auth.fields.firstName')} autoComplete="given-name" />
        <Field {...field('lastName')} label={t('auth.fields.lastName')} autoComplete="family-name" />
      </div>
      <Field {...field('username')} label={t('auth.fields.username')} autoComplete="username" />
      <Field {...field('email')} type="email" label={t('auth.fields.email')} autoComplete="email" />
      <Field
        {...field('password')}
        type="password"
        label={t('auth.fields.password')}
        hint={t('auth.passwordHint', { count: PASSWORD_MIN_LENGTH })}
        autoComplete="new-password"
      />
      <Field
        {...field('confirmPassword')}
        type="password"
        label={t('auth.fields.confirmPassword')}
        autoComplete="new-password"
      />
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        <UserPlus aria-hidden="true" className="size-4" />
        {busy ? t('auth.creating') : t('auth.submitRegister')}
      </Button>
    </form>
  );
}

/** A labelled native input with optional hint, inline error, and a show/hide toggle for passwords. */
function Field({
  name,
  label,
  value,
  onChange,
  error,
  hint,
  type = 'text',
  autoComplete,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  type?: 'text' | 'email' | 'password';
  autoComplete: string;
}) {
  const { t } = useTranslation('content');
  const id = useId();
  const [visible, setVisible] = useState(false);
  const isPassword = type === 'password';
  const describedBy = cn(hint && `${id}-hint`, error && `${id}-error`) || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <div className="relative mt-1.5">
        <input
          id={id}
          name={name}
          type={isPassword && visible ? 'text' : type}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          autoComplete={autoComplete}
          inputMode={type === 'email' ? 'email' : undefined}
          autoCapitalize={type === 'text' && name !== 'username' ? undefined : 'none'}
          spellCheck={false}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(
            'block w-full rounded-xl border bg-white px-3.5 py-2.5 text-base text-ink shadow-sm focus:outline-2 focus:outline-offset-0 focus:outline-brand-600',
            isPassword && 'pr-12',
            error ? 'border-red-600' : 'border-slate-300',
          )}
        />
        {isPassword && (
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-pressed={visible}
            aria-label={t('auth.showPassword')}
            className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-r-xl text-slate-500 hover:text-ink"
          >
            {visible ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
          </button>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
