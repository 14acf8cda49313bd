import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordBodySchema } from '@esim/contract/auth';
import { isLanguage } from '@esim/contract/languages';
import { MailCheck, Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { TextField } from '../../../components/form/form-field.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { readApiError } from '../../../lib/api-error.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { serverFieldError } from '../hooks/auth-errors.ts';
import { useAuthErrorText, useFailureText } from '../hooks/use-auth-text.ts';
import { FormAlert } from './form-alert.tsx';

/**
 * Forgot password: the e-mail address of the account, posted to
 * `POST /api/forgot-password` in the interface language. A 2xx shows the same confirmation
 * whether or not the address has an account (the server answers the same, no user
 * enumeration); any other answer shows an error and keeps the form.
 */
export function ForgotPasswordForm({ backHref }: { backHref: string }) {
  const { t, i18n } = useTranslation('auth');
  const errorText = useAuthErrorText();
  const failureText = useFailureText();
  const mutation = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const sentHeading = useRef<HTMLHeadingElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ email: string }>({
    resolver: zodResolver(forgotPasswordBodySchema),
    defaultValues: { email: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  useEffect(() => {
    if (sentTo) sentHeading.current?.focus();
  }, [sentTo]);

  const submit = handleSubmit(({ email }) => {
    setAlert(null);
    const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : undefined;
    mutation.mutate(
      { email, ...(language ? { language } : {}) },
      {
        onSuccess: () => setSentTo(email),
        onError: (error) => {
          const info = readApiError(error);
          const fieldError = serverFieldError(info, ['email'] as const);
          if (fieldError) setError('email', { message: fieldError.message }, { shouldFocus: true });
          else setAlert(info?.status === 429 || !info ? failureText(error) : t('forgot.failed'));
        },
      },
    );
  });

  if (sentTo) {
    return (
      <div className="text-center">
        <span className="mx-auto inline-flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
          <MailCheck aria-hidden="true" className="size-6" />
        </span>
        <h2 ref={sentHeading} tabIndex={-1} className="mt-4 text-xl font-bold text-ink outline-none">
          {t('forgot.sentTitle')}
        </h2>
        <p className="mt-2 text-slate-600">{t('forgot.sentBody', { email: sentTo })}</p>
        <Link href={backHref} className={buttonClass('outline', 'md', 'mt-6')}>
          {t('forgot.back')}
        </Link>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4" aria-labelledby="forgot-title">
      <div>
        <h2 id="forgot-title" className="text-lg font-bold text-ink">
          {t('forgot.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('forgot.lead')}</p>
      </div>
      <TextField
        id="forgot-email"
        type="email"
        label={t('fields.email')}
        required
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={254}
        error={errorText(errors.email?.message)}
        {...register('email')}
      />
      {alert && <FormAlert>{alert}</FormAlert>}
      <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
        <Send aria-hidden="true" className="size-4" />
        {mutation.isPending ? t('forgot.submitting') : t('forgot.submit')}
      </Button>
      <div className="text-center">
        <Link
          href={backHref}
          className="rounded text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          {t('forgot.back')}
        </Link>
      </div>
    </form>
  );
}
