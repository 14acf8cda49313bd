import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ChangePasswordBody,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  changePasswordBodySchema,
} from '@esim/contract/auth';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { readApiError } from '../../../lib/api-error.ts';
import { showToast } from '../../../lib/toast.ts';
import { useChangePassword } from '../api/change-password.ts';
import { serverFieldError } from '../hooks/auth-errors.ts';
import { useAuthErrorText, useFailureText } from '../hooks/use-auth-text.ts';
import { useSessionLoss } from '../hooks/use-session-loss.ts';
import { PasswordField } from './password-field.tsx';
import { ProfileSection } from './profile-section.tsx';

const FIELDS = ['currentPassword', 'newPassword'] as const;

/**
 * Change password (`POST /api/user/change-password`: current and new password, the contract's
 * `changePasswordBodySchema`). The server keeps this session and ends the others. 'Password
 * changed' / 'Password change failed' with the server's message; a
 * wrong current password (400 `invalid_current_password`) shows next to that field.
 */
export function ChangePasswordForm({ username }: { username: string }) {
  const { t } = useTranslation('auth');
  const errorText = useAuthErrorText();
  const failureText = useFailureText();
  const sessionLost = useSessionLoss();
  const mutation = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordBody>({
    resolver: zodResolver(changePasswordBodySchema),
    defaultValues: { currentPassword: '', newPassword: '' },
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });

  const submit = handleSubmit((values) => {
    mutation.mutate(values, {
      onSuccess: () => {
        reset();
        void showToast('success', t('toast.passwordChanged'), { description: t('toast.passwordChangedBody') });
      },
      onError: (error) => {
        if (sessionLost(error)) return;
        const info = readApiError(error);
        const fieldError = serverFieldError(info, FIELDS);
        if (info?.status === 401 && info.code === 'invalid_credentials') {
          setError('currentPassword', { message: 'currentPasswordWrong' }, { shouldFocus: true });
        } else if (fieldError) {
          setError(fieldError.field, { message: fieldError.message }, { shouldFocus: true });
        }
        void showToast('error', t('toast.passwordFailed'), { description: failureText(error) });
      },
    });
  });

  return (
    <ProfileSection id="profile-password" title={t('profile.password.title')} lead={t('profile.password.lead')}>
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4" aria-labelledby="profile-password-title">
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" value={username} autoComplete="username" readOnly hidden />
        <PasswordField
          id="profile-current-password"
          label={t('fields.currentPassword')}
          required
          autoComplete="current-password"
          error={errorText(errors.currentPassword?.message)}
          {...register('currentPassword')}
        />
        <PasswordField
          id="profile-new-password"
          label={t('fields.newPassword')}
          hint={t('hints.password', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
          required
          autoComplete="new-password"
          error={errorText(errors.newPassword?.message)}
          {...register('newPassword')}
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={mutation.isPending} className="max-sm:w-full">
            <KeyRound aria-hidden="true" className="size-4" />
            {mutation.isPending ? t('profile.password.submitting') : t('profile.password.submit')}
          </Button>
        </div>
      </form>
    </ProfileSection>
  );
}
