import { zodResolver } from '@hookform/resolvers/zod';
import { BRAND } from '@esim/contract/brand';
import { type SetupAdminBody, setupAdminBodySchema } from '@esim/contract/auth';
import { isLanguage } from '@esim/contract/languages';
import { Link2Off, LogIn, ShieldCheck, UserCog } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { readApiError } from '../../../lib/api-error.ts';
import { showToast } from '../../../lib/toast.ts';
import { useSetupAdminStatus } from '../api/get-setup-admin-status.ts';
import { useSetupAdmin } from '../api/setup-admin.ts';
import { serverFieldError } from '../hooks/auth-errors.ts';
import { useAuthErrorText, useFailureText } from '../hooks/use-auth-text.ts';
import { useFragmentToken } from '../hooks/use-fragment-token.ts';
import { FormAlert } from './form-alert.tsx';
import {
  REGISTRATION_FIELDS,
  type RegistrationField,
  type RegistrationFieldProps,
  RegistrationFields,
} from './registration-fields.tsx';

/** Where the link's token is kept for the tab (a reload of the form keeps it). */
const ADMIN_TOKEN_KEY = 'auth:adminSetupToken';

/** Where sign-in sends an admin afterwards. */
const SIGN_IN_TO_ADMIN = '/auth?next=%2Fadmin';

type SetupValues = Omit<SetupAdminBody, 'language'>;

/**
 * The first-admin page (`/setup-admin#token=…`): the server prints this one-time link
 * (valid 24 hours) at start-up while no admin account exists. The page takes the token from the
 * fragment and clears it from the address bar, asks `GET /api/setup-admin/status`, and, while an
 * admin is still needed, shows the registration fields; `POST /api/setup-admin` creates the
 * admin, signs it in and `onCreated` goes on (to `/admin`). Once an admin exists it says so with
 * a link to sign in; a link without a token, or one the server refuses, says how to get a new one.
 */
export function SetupAdminPage({ onCreated }: { onCreated: () => void }) {
  const { t } = useTranslation('auth');
  const status = useSetupAdminStatus();
  const { token, forget } = useFragmentToken(ADMIN_TOKEN_KEY);
  const [refused, setRefused] = useState<'token' | 'exists' | null>(null);

  let body: ReactNode;
  if (status.isPending) body = <Spinner label={t('setupAdmin.loading')} className="py-10" />;
  else if (status.isError) {
    body = (
      <div className="space-y-4">
        <FormAlert>{t('setupAdmin.loadFailed')}</FormAlert>
        <Button className="w-full" onClick={() => void status.refetch()} disabled={status.isFetching}>
          {t('guard.retry')}
        </Button>
      </div>
    );
  } else if (!status.data.needed || refused === 'exists') body = <AdminExists />;
  else if (token === null || refused === 'token') body = <LinkUnusable />;
  else {
    body = (
      <SetupAdminForm
        token={token}
        onCreated={() => {
          forget();
          onCreated();
        }}
        onRefused={(reason) => {
          if (reason === 'token') forget();
          setRefused(reason);
          if (reason === 'exists') void status.refetch();
        }}
      />
    );
  }

  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-14">
      <div className="text-center">
        <span className="mx-auto inline-flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
          <UserCog aria-hidden="true" className="size-7" />
        </span>
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight break-words hyphens-auto text-ink">
          {t('setupAdmin.title')}
        </h1>
        <p className="mt-2 text-slate-600">{t('setupAdmin.lead', { brand: BRAND })}</p>
      </div>
      <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7">{body}</div>
    </div>
  );
}

/** A state of the page with a heading that takes the focus, so that screen readers start there. */
function StateMessage({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="text-center">
      {icon}
      <h2 ref={heading} tabIndex={-1} className="mt-4 text-xl font-bold text-ink outline-none">
        {title}
      </h2>
      {children}
    </div>
  );
}

/** An admin exists already: the set-up is closed; sign in instead. */
function AdminExists() {
  const { t } = useTranslation('auth');
  return (
    <StateMessage
      title={t('setupAdmin.existsTitle')}
      icon={
        <span className="mx-auto inline-flex size-12 items-center justify-center rounded-2xl bg-emerald-50 text-emerald-800">
          <ShieldCheck aria-hidden="true" className="size-6" />
        </span>
      }
    >
      <p className="mt-2 text-slate-600">{t('setupAdmin.existsBody')}</p>
      <Link href={SIGN_IN_TO_ADMIN} className={buttonClass('primary', 'lg', 'mt-6 w-full')}>
        <LogIn aria-hidden="true" className="size-4" />
        {t('setupAdmin.signIn')}
      </Link>
    </StateMessage>
  );
}

/** No token in the link, or the server refused it (used, expired, replaced by a newer start). */
function LinkUnusable() {
  const { t } = useTranslation('auth');
  return (
    <StateMessage
      title={t('setupAdmin.linkTitle')}
      icon={
        <span className="mx-auto inline-flex size-12 items-center justify-center rounded-2xl bg-amber-50 text-amber-800">
          <Link2Off aria-hidden="true" className="size-6" />
        </span>
      }
    >
      <p className="mt-2 text-slate-600">{t('setupAdmin.linkBody')}</p>
      <p className="mt-3 text-sm text-slate-600">
        {t('setupAdmin.linkCli')}{' '}
        <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-ink">npm run admin:create</code>
      </p>
    </StateMessage>
  );
}

/** The registration fields of the first admin, posted with the link's token. */
function SetupAdminForm({
  token,
  onCreated,
  onRefused,
}: {
  token: string;
  onCreated: () => void;
  onRefused: (reason: 'token' | 'exists') => void;
}) {
  const { t, i18n } = useTranslation('auth');
  const errorText = useAuthErrorText();
  const failureText = useFailureText();
  const mutation = useSetupAdmin();
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SetupValues>({
    resolver: zodResolver(setupAdminBodySchema),
    // The token is no field of its own: it rides along in the values the schema checks.
    defaultValues: { token, firstName: '', lastName: '', username: '', email: '', password: '', confirmPassword: '' },
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });

  const submit = handleSubmit((values) => {
    setAlert(null);
    const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : undefined;
    mutation.mutate(
      { ...values, ...(language ? { language } : {}) },
      {
        onSuccess: () => {
          void showToast('success', t('toast.adminCreated'));
          onCreated();
        },
        onError: (error) => {
          const info = readApiError(error);
          if (info?.status === 409 && info.code === 'admin_exists') return onRefused('exists');
          if (info?.status === 400 && info.code === 'invalid_token') return onRefused('token');
          const fieldError = serverFieldError(info, REGISTRATION_FIELDS);
          if (fieldError) setError(fieldError.field, { message: fieldError.message }, { shouldFocus: true });
          else setAlert(failureText(error));
          void showToast('error', t('toast.adminFailed'), { description: failureText(error) });
        },
      },
    );
  });

  const field = (name: RegistrationField): RegistrationFieldProps => ({
    id: `setup-admin-${name}`,
    required: true,
    error: errorText(errors[name]?.message),
    ...register(name),
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4" aria-labelledby="setup-admin-form-title">
      <div>
        <h2 id="setup-admin-form-title" className="text-lg font-bold text-ink">
          {t('setupAdmin.formTitle')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('setupAdmin.formLead')}</p>
      </div>
      <RegistrationFields field={field} />
      {alert && <FormAlert>{alert}</FormAlert>}
      <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
        <UserCog aria-hidden="true" className="size-4" />
        {mutation.isPending ? t('setupAdmin.submitting') : t('setupAdmin.submit')}
      </Button>
    </form>
  );
}
