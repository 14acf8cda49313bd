import { zodResolver } from '@hookform/resolvers/zod';
import { type SetupTwoFactorResponse, type User, twoFactorCodeBodySchema } from '@esim/contract/auth';
import { BRAND } from '@esim/contract/brand';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form/form-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { type ApiErrorInfo, readApiError } from '../../../lib/api-error.ts';
import { cn } from '../../../lib/cn.ts';
import { showToast } from '../../../lib/toast.ts';
import { useDisableTwoFactor } from '../api/disable-two-factor.ts';
import { useEnableTwoFactor } from '../api/enable-two-factor.ts';
import { useSetupTwoFactor } from '../api/setup-two-factor.ts';
import { fieldMessageOf } from '../hooks/auth-errors.ts';
import { useAuthErrorText, useFailureText } from '../hooks/use-auth-text.ts';
import { useSessionLoss } from '../hooks/use-session-loss.ts';
import { ProfileSection } from './profile-section.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';

type Step = { kind: 'idle' } | { kind: 'setup'; setup: SetupTwoFactorResponse } | { kind: 'codes'; codes: string[] };

/**
 * The message of a refused code: 'required' and 'codeAlreadyUsed' (the code just used, 400
 * `code_already_used`) stay, any other refusal of the code says it is not valid.
 */
function codeMessageOf(info: ApiErrorInfo | null): string | null {
  if (!info || (info.status !== 400 && info.status !== 401 && info.status !== 403)) return null;
  if (info.status === 400 && info.field && !info.field.endsWith('code')) return null;
  const key = info.status === 400 ? fieldMessageOf(info) : 'invalidCode';
  return key === 'required' || key === 'codeAlreadyUsed' ? key : 'invalidCode';
}

/**
 * Two-factor authentication on the profile (RFC 6238 TOTP): 'Set up' asks the server for a new secret
 * (`POST /api/setup-2fa`) and shows its QR code and the key to type by hand; a code from the app
 * turns it on (`POST /api/enable-2fa`), which shows the 10 recovery codes once, to copy or
 * download. When it is on, a code (TOTP or recovery) turns it off (`POST /api/disable-2fa`).
 */
export function TwoFactorSection({ user }: { user: User }) {
  const { t } = useTranslation('auth');
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const failureText = useFailureText();
  const sessionLost = useSessionLoss();
  const setup = useSetupTwoFactor();

  const start = () =>
    setup.mutate(undefined, {
      onSuccess: (answer) => setStep({ kind: 'setup', setup: answer }),
      onError: (error) => {
        if (sessionLost(error)) return;
        void showToast('error', t('toast.twoFactorFailed'), { description: failureText(error) });
      },
    });

  const status = (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold',
        user.twoFactorEnabled ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700',
      )}
    >
      {user.twoFactorEnabled ? (
        <ShieldCheck aria-hidden="true" className="size-3.5" />
      ) : (
        <ShieldOff aria-hidden="true" className="size-3.5" />
      )}
      {user.twoFactorEnabled ? t('profile.twoFactor.statusOn') : t('profile.twoFactor.statusOff')}
    </span>
  );

  return (
    <ProfileSection
      id="profile-2fa"
      title={t('profile.twoFactor.title')}
      lead={t('profile.twoFactor.lead')}
      aside={status}
    >
      {step.kind === 'codes' ? (
        <RecoveryCodes codes={step.codes} username={user.username} onDone={() => setStep({ kind: 'idle' })} />
      ) : step.kind === 'setup' ? (
        <EnableStep
          setup={step.setup}
          onEnabled={(codes) => setStep({ kind: 'codes', codes })}
          onCancel={() => setStep({ kind: 'idle' })}
        />
      ) : user.twoFactorEnabled ? (
        <DisableForm />
      ) : (
        <Button onClick={start} disabled={setup.isPending} className="max-sm:w-full">
          <ShieldCheck aria-hidden="true" className="size-4" />
          {setup.isPending ? t('profile.twoFactor.starting') : t('profile.twoFactor.start')}
        </Button>
      )}
    </ProfileSection>
  );
}

/** The QR code, the key to type by hand, and the code that turns two-factor authentication on. */
function EnableStep({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: SetupTwoFactorResponse;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('auth');
  const errorText = useAuthErrorText();
  const failureText = useFailureText();
  const sessionLost = useSessionLoss();
  const enable = useEnableTwoFactor();
  const scanRef = useRef<HTMLParagraphElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ code: string }>({
    resolver: zodResolver(twoFactorCodeBodySchema),
    defaultValues: { code: '' },
    reValidateMode: 'onChange',
  });
  useEffect(() => scanRef.current?.focus(), []);

  const submit = handleSubmit((body) =>
    enable.mutate(body, {
      onSuccess: ({ recoveryCodes }) => {
        void showToast('success', t('toast.twoFactorEnabled'));
        onEnabled(recoveryCodes);
      },
      onError: (error) => {
        if (sessionLost(error)) return;
        const message = codeMessageOf(readApiError(error));
        if (message) setError('code', { message }, { shouldFocus: true });
        void showToast('error', t('toast.twoFactorFailed'), { description: failureText(error) });
      },
    }),
  );

  // The key in groups of four, as authenticator apps show it; copied without the spaces.
  const grouped = setup.secret.replace(/(.{4})(?=.)/g, '$1 ');
  return (
    <div className="space-y-5">
      <p ref={scanRef} tabIndex={-1} className="text-sm text-slate-700 outline-none">
        {t('profile.twoFactor.scan')}
      </p>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <img
          src={setup.qrCode}
          alt={t('profile.twoFactor.qrAlt', { brand: BRAND })}
          width={176}
          height={176}
          className="size-44 shrink-0 rounded-xl bg-white p-2 ring-1 ring-slate-200"
        />
        <div className="min-w-0 flex-1 space-y-2">
          <p className="text-sm text-slate-700">{t('profile.twoFactor.manual')}</p>
          <div className="flex flex-wrap items-center gap-2">
            <code className="min-w-0 rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm break-all text-ink">
              {grouped}
            </code>
            <CopyButton text={setup.secret} label={t('profile.twoFactor.secretLabel')} />
          </div>
        </div>
      </div>
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
        <TextField
          id="profile-2fa-enable-code"
          label={t('fields.code')}
          hint={t('profile.twoFactor.confirm')}
          required
          autoComplete="one-time-code"
          inputMode="numeric"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={32}
          className="font-mono tracking-wider"
          error={errorText(errors.code?.message)}
          {...register('code')}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onCancel}>
            {t('profile.twoFactor.cancel')}
          </Button>
          <Button type="submit" disabled={enable.isPending}>
            <ShieldCheck aria-hidden="true" className="size-4" />
            {enable.isPending ? t('profile.twoFactor.enabling') : t('profile.twoFactor.enable')}
          </Button>
        </div>
      </form>
    </div>
  );
}

/** Turns two-factor authentication off with a TOTP code or a recovery code. */
function DisableForm() {
  const { t } = useTranslation('auth');
  const errorText = useAuthErrorText();
  const failureText = useFailureText();
  const sessionLost = useSessionLoss();
  const disable = useDisableTwoFactor();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<{ code: string }>({
    resolver: zodResolver(twoFactorCodeBodySchema),
    defaultValues: { code: '' },
    reValidateMode: 'onChange',
  });

  const submit = handleSubmit((body) =>
    disable.mutate(body, {
      onSuccess: () => {
        reset();
        void showToast('success', t('toast.twoFactorDisabled'));
      },
      onError: (error) => {
        if (sessionLost(error)) return;
        const message = codeMessageOf(readApiError(error));
        if (message) setError('code', { message }, { shouldFocus: true });
        void showToast('error', t('toast.twoFactorFailed'), { description: failureText(error) });
      },
    }),
  );

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
      <TextField
        id="profile-2fa-disable-code"
        label={t('fields.code')}
        hint={t('profile.twoFactor.disableLead')}
        required
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={32}
        className="font-mono tracking-wider"
        error={errorText(errors.code?.message)}
        {...register('code')}
      />
      <div className="flex justify-end">
        <Button type="submit" variant="danger" disabled={disable.isPending} className="max-sm:w-full">
          <ShieldOff aria-hidden="true" className="size-4" />
          {disable.isPending ? t('profile.twoFactor.disabling') : t('profile.twoFactor.disable')}
        </Button>
      </div>
    </form>
  );
}
