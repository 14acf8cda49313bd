import { zodResolver } from '@hookform/resolvers/zod';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type ResetPasswordBody,
  resetPasswordBodySchema,
} from '@esim/contract/auth';
import { KeyRound, Link2Off, Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { readApiError } from '../../../lib/api-error.ts';
import { showToast } from '../../../lib/toast.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { serverFieldError } from '../hooks/auth-errors.ts';
import { useAuthErrorText, useFailureText } from '../hooks/use-auth-text.ts';
import { FormAlert } from './form-alert.tsx';
import { PasswordField } from './password-field.tsx';

interface ResetPasswordFormProps {
  /** The token of the e-mailed link (`#token=…`), or `null` when the link brought none. */
  token: string | null;
  /** After the new password is set: show sign-in. */
  onReset: () => void;
  /** The server refused the token (unknown, used or expired): forget it. */
  onTokenRefused: () => void;
  /** The forgot-password view, to ask for a new link. */
  forgotHref: string;
  /** The sign-in view. */
  signInHref: string;
}

const FIELDS = ['password', 'confirmPassword'] as const;

/**
 * Choose a new password (`/auth?view=reset#token=…`, the link of the reset e-mail): new
 * password and confirmation, validated with the contract's `resetPasswordBodySchema`, posted to
 * `POST /api/reset-password` with the link's token. Success: the 'Password changed' toast and
 * sign-in (every session of the account has ended). A token the server refuses (400
 * `invalid_token`: used, expired or unknown), or a link without one, explains that the link no
 * longer works and offers to send a new one.
 */
export function ResetPasswordForm({ token, onReset, onTokenRefused, forgotHref, signInHref }: ResetPasswordFormProps) {
  const [refused, setRefused] = useState(false);
  if (token === null || refused) return <LinkExpired forgotHref={forgotHref} signInHref={signInHref} />;
  return (
    <NewPasswordForm
      token={token}
      onReset={onReset}
      onTokenRefused={() => {
        setRefused(true);
        onTokenRefused();
      }}
    />
  );
}

function NewPasswordForm({
  token,
  onReset,
  onTokenRefused,
}: Pick<ResetPasswordFormProps, 'onReset' | 'onTokenRefused'> & { token: string }) {
  const { t } = useTranslation('auth');
  const errorText = useAuthErrorText();
  const failureText = useFailureText();
  const mutation = useResetPassword();
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<ResetPasswordBody>({
    resolver: zodResolver(resetPasswordBodySchema),
    // The token is no field of its own: it rides along in the values the schema checks.
    defaultValues: { token, password: '', confirmPassword: '' },
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
  useEffect(() => setFocus('password'), [setFocus]);

  const submit = handleSubmit((values) => {
    setAlert(null);
    mutation.mutate(values, {
      onSuccess: () => {
        void showToast('success', t('toast.passwordReset'), { description: t('toast.passwordResetBody') });
        onReset();
      },
      onError: (error) => {
        const info = readApiError(error);
        if (info?.status === 400 && (info.code === 'invalid_token' || info.field?.endsWith('token'))) {
          onTokenRefused();
          return;
        }
        const fieldError = serverFieldError(info, FIELDS);
        if (fieldError) setError(fieldError.field, { message: fieldError.message }, { shouldFocus: true });
        else setAlert(failureText(error));
        void showToast('error', t('toast.passwordResetFailed'), { description: failureText(error) });
      },
    });
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4" aria-labelledby="reset-title">
      <div className="flex items-start gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <KeyRound aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 id="reset-title" className="text-lg font-bold text-ink">
            {t('reset.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t('reset.lead')}</p>
        </div>
      </div>
      <PasswordField
        id="reset-password"
        label={t('fields.newPassword')}
        hint={t('hints.password', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
        required
        autoComplete="new-password"
        error={errorText(errors.password?.message)}
        {...register('password')}
      />
      <PasswordField
        id="reset-confirm-password"
        label={t('fields.confirmNewPassword')}
        required
        autoComplete="new-password"
        error={errorText(errors.confirmPassword?.message)}
        {...register('confirmPassword')}
      />
      {alert && <FormAlert>{alert}</FormAlert>}
      <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
        <KeyRound aria-hidden="true" className="size-4" />
        {mutation.isPending ? t('reset.submitting') : t('reset.submit')}
      </Button>
    </form>
  );
}

/** The link no longer works (used, expired, unknown, or cut short): ask for a new one. */
function LinkExpired({ forgotHref, signInHref }: { forgotHref: string; signInHref: string }) {
  const { t } = useTranslation('auth');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="text-center">
      <span className="mx-auto inline-flex size-12 items-center justify-center rounded-2xl bg-amber-50 text-amber-800">
        <Link2Off aria-hidden="true" className="size-6" />
      </span>
      <h2 ref={heading} tabIndex={-1} className="mt-4 text-xl font-bold text-ink outline-none">
        {t('reset.expiredTitle')}
      </h2>
      <p className="mt-2 text-slate-600">{t('reset.expiredBody')}</p>
      <div className="mt-6 flex flex-col gap-3">
        <Link href={forgotHref} className={buttonClass('primary', 'lg', 'w-full')}>
          <Send aria-hidden="true" className="size-4" />
          {t('reset.newLink')}
        </Link>
        <Link href={signInHref} className={buttonClass('ghost', 'md', 'w-full')}>
          {t('forgot.back')}
        </Link>
      </div>
    </div>
  );
}
