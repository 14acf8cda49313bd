import { zodResolver } from '@hookform/resolvers/zod';
import { type UpdateUserBody, type User, updateUserBodySchema } from '@esim/contract/auth';
import { LANGUAGES } from '@esim/contract/languages';
import { Save } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../../components/form/form-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { readApiError } from '../../../lib/api-error.ts';
import { showToast } from '../../../lib/toast.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { serverFieldError } from '../hooks/auth-errors.ts';
import { useAuthErrorText, useFailureText } from '../hooks/use-auth-text.ts';
import { useSessionLoss } from '../hooks/use-session-loss.ts';
import { ProfileSection } from './profile-section.tsx';

type DetailsValues = UpdateUserBody;
const FIELDS = ['firstName', 'lastName', 'email', 'language'] as const;

const valuesOf = (user: User): DetailsValues => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  language: user.language,
});

/**
 * The profile form (`PATCH /api/user`): first and last name, e-mail and the language of the
 * account's e-mails, validated with the contract's `updateUserBodySchema`. 'Profile updated' /
 * 'Profile update failed' with the server's message; server field
 * errors (409 `email_taken`, 400 `<field>: <key>`) next to their fields.
 */
export function ProfileDetailsForm({ user }: { user: User }) {
  const { t } = useTranslation('auth');
  const errorText = useAuthErrorText();
  const failureText = useFailureText();
  const sessionLost = useSessionLoss();
  const mutation = useUpdateUser();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<DetailsValues>({
    resolver: zodResolver(updateUserBodySchema),
    defaultValues: valuesOf(user),
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });

  const submit = handleSubmit((values) => {
    mutation.mutate(values, {
      onSuccess: (updated) => {
        reset(valuesOf(updated));
        void showToast('success', t('toast.profileUpdated'));
      },
      onError: (error) => {
        if (sessionLost(error)) return;
        const fieldError = serverFieldError(readApiError(error), FIELDS);
        if (fieldError) setError(fieldError.field, { message: fieldError.message }, { shouldFocus: true });
        void showToast('error', t('toast.profileFailed'), { description: failureText(error) });
      },
    });
  });

  return (
    <ProfileSection id="profile-details" title={t('profile.details.title')}>
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4" aria-labelledby="profile-details-title">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="profile-first-name"
            label={t('fields.firstName')}
            required
            autoComplete="given-name"
            maxLength={80}
            error={errorText(errors.firstName?.message)}
            {...register('firstName')}
          />
          <TextField
            id="profile-last-name"
            label={t('fields.lastName')}
            required
            autoComplete="family-name"
            maxLength={80}
            error={errorText(errors.lastName?.message)}
            {...register('lastName')}
          />
        </div>
        <TextField
          id="profile-email"
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
        <SelectField
          id="profile-language"
          label={t('fields.language')}
          hint={t('hints.language')}
          required
          error={errorText(errors.language?.message)}
          {...register('language')}
        >
          {LANGUAGES.map((language) => (
            <option key={language.code} value={language.code} lang={language.code}>
              {language.nativeName}
            </option>
          ))}
        </SelectField>
        <div className="flex justify-end">
          <Button type="submit" disabled={mutation.isPending} className="max-sm:w-full">
            <Save aria-hidden="true" className="size-4" />
            {mutation.isPending ? t('profile.details.submitting') : t('profile.details.submit')}
          </Button>
        </div>
      </form>
    </ProfileSection>
  );
}
