import { zodResolver } from '@hookform/resolvers/zod';
import { type LoginBody, loginBodySchema, twoFactorCodeBodySchema } from '@esim/contract/auth';
import { LogIn, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { TextField } from '../../../components/form/form-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { readApiError } from '../../../lib/api-error.ts';
import { showToast } from '../../../lib/toast.ts';
import { useLogin } from '../api/login.ts';
import { fieldMessageOf, formFieldOf } from '../hooks/auth-errors.ts';
import { useAuthErrorText, useFailureText } from '../hooks/use-auth-text.ts';
import { FormAlert } from './form-alert.tsx';
import { PasswordField } from './password-field.tsx';

type Credentials = Pick<LoginBody, 'username' | 'password'>;

const credentialsSchema = loginBodySchema.omit({ code: true });

interface SignInFormProps {
  /** Where to go once signed in (a safe same-site path, `next-path.ts`). */
  onSignedIn: () => void;
  /** The forgot-password view of the page, keeping `?next=`. */
  forgotHref: string;
}

/**
 * Sign in (`docs/product-rules.md#accounts-sessions-and-two-factor`): username or e-mail and password,
 * validated with the contract's `loginBodySchema`. When the account has two-factor
 * authentication the server answers 401 `two_factor_required`; the form then asks for a TOTP or
 * recovery code and sends the login again with `code`. 'Login successful' / 'Login failed' with
 * the server's message; a code refused as just used (401 `code_already_used`, RFC
 * 6238 section 5.2) says so in the visitor's language, next to the field and in the toast.
 */
export function SignInForm({ onSignedIn, forgotHref }: SignInFormProps) {
  const [pending, setPending] = useState<Credentials | null>(null);
  if (pending) return <CodeStep credentials={pending} onSignedIn={onSignedIn} onBack={() => setPending(null)} />;
  return <CredentialsStep onSignedIn={onSignedIn} onTwoFactor={setPending} forgotHref={forgotHref} />;
}

/** The 'Login successful' toast, then the page the visitor came from. */
function useSuccess(onSignedIn: () => void) {
  const { t } = useTranslation('auth');
  return () => {
    void showToast('success', t('toast.loginSuccess'));
    onSignedIn();
  };
}

function CredentialsStep({
  onSignedIn,
  onTwoFactor,
  forgotHref,
}: {
  onSignedIn: () => void;
  onTwoFactor: (credentials: Credentials) => void;
  forgotHref: string;
}) {
  const { t } = useTranslation('auth');
  const errorText = useAuthErrorText();
  const failureText = useFailureText();
  const succeed = useSuccess(onSignedIn);
  const login = useLogin();
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Credentials>({
    resolver: zodResolver(credentialsSchema),
    defaultValues: { username: '', password: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const submit = handleSubmit((credentials) => {
    setAlert(null);
    login.mutate(credentials, {
      onSuccess: succeed,
      onError: (error) => {
        const info = readApiError(error);
        if (info?.status === 401 && info.code === 'two_factor_required') return onTwoFactor(credentials);
        const field = info?.status === 400 ? formFieldOf(info, ['username', 'password'] as const) : null;
        if (field && info) setError(field, { message: fieldMessageOf(info) }, { shouldFocus: true });
        else if (info?.status === 401) setAlert(errorText('invalidCredentials') ?? null);
        else setAlert(failureText(error));
        void showToast('error', t('toast.loginFailed'), { description: failureText(error) });
      },
    });
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4" aria-label={t('page.tabs.signin')}>
      <TextField
        id="signin-username"
        label={t('fields.usernameOrEmail')}
        required
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        maxLength={254}
        error={errorText(errors.username?.message)}
        {...register('username')}
      />
      <PasswordField
        id="signin-password"
        label={t('fields.password')}
        required
        autoComplete="current-password"
        error={errorText(errors.password?.message)}
        {...register('password')}
      />
      <div className="flex justify-end">
        <Link
          href={forgotHref}
          className="rounded text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          {t('signIn.forgot')}
        </Link>
      </div>
      {alert && <FormAlert>{alert}</FormAlert>}
      <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
        <LogIn aria-hidden="true" className="size-4" />
        {login.isPending ? t('signIn.submitting') : t('signIn.submit')}
      </Button>
    </form>
  );
}

/** The second step: a TOTP code or a recovery code, sent with the same credentials. */
function CodeStep({
  credentials,
  onSignedIn,
  onBack,
}: {
  credentials: Credentials;
  onSignedIn: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('auth');
  const errorText = useAuthErrorText();
  const failureText = useFailureText();
  const succeed = useSuccess(onSignedIn);
  const login = useLogin();
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<{ code: string }>({
    resolver: zodResolver(twoFactorCodeBodySchema),
    defaultValues: { code: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  useEffect(() => setFocus('code'), [setFocus]);

  const submit = handleSubmit(({ code }) => {
    setAlert(null);
    login.mutate(
      { ...credentials, code },
      {
        onSuccess: succeed,
        onError: (error) => {
          const info = readApiError(error);
          // The code just used (the app still shows it): 401 `code_already_used`, said as such.
          // Any other wrong code: 401 `two_factor_required` again. No session was made.
          if (info?.status === 401 && info.code === 'code_already_used') {
            setError('code', { message: 'codeAlreadyUsed' }, { shouldFocus: true });
          } else if (info?.status === 401) setError('code', { message: 'invalidCode' }, { shouldFocus: true });
          else if (info?.status === 400 && formFieldOf(info, ['code'] as const)) {
            setError('code', { message: fieldMessageOf(info) }, { shouldFocus: true });
          } else setAlert(failureText(error));
          void showToast('error', t('toast.loginFailed'), { description: failureText(error) });
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4" aria-labelledby="two-factor-title">
      <div className="flex items-start gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <ShieldCheck aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 id="two-factor-title" className="text-lg font-bold text-ink">
            {t('twoFactor.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t('twoFactor.lead')}</p>
        </div>
      </div>
      <TextField
        id="signin-code"
        label={t('fields.code')}
        hint={t('hints.code')}
        required
        autoComplete="one-time-code"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        maxLength={32}
        className="font-mono tracking-wider"
        error={errorText(errors.code?.message)}
        {...register('code')}
      />
      {alert && <FormAlert>{alert}</FormAlert>}
      <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
        <ShieldCheck aria-hidden="true" className="size-4" />
        {login.isPending ? t('twoFactor.submitting') : t('twoFactor.submit')}
      </Button>
      <Button variant="ghost" className="w-full" onClick={onBack}>
        {t('twoFactor.back')}
      </Button>
    </form>
  );
}
