import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@esim/contract/auth';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form/form-field.tsx';
import { PasswordField } from './password-field.tsx';

/** The fields of a new account, in form order (`registerBodySchema`). */
export const REGISTRATION_FIELDS = [
  'firstName',
  'lastName',
  'username',
  'email',
  'password',
  'confirmPassword',
] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

/** What a form gives each field: its id, error and react-hook-form's `register()` result. */
export type RegistrationFieldProps = UseFormRegisterReturn<RegistrationField> & {
  id: string;
  required: boolean;
  error?: string;
};

/**
 * The registration fields (first and last name, username, e-mail, password, confirm password)
 * with their labels, hints and autocomplete tokens, shared by the Create account form and the
 * first-admin page; `field` wires each one to the form that shows them.
 */
export function RegistrationFields({ field }: { field: (name: RegistrationField) => RegistrationFieldProps }) {
  const { t } = useTranslation('auth');
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...field('firstName')} label={t('fields.firstName')} autoComplete="given-name" maxLength={80} />
        <TextField {...field('lastName')} label={t('fields.lastName')} autoComplete="family-name" maxLength={80} />
      </div>
      <TextField
        {...field('username')}
        label={t('fields.username')}
        hint={t('hints.username')}
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        maxLength={32}
      />
      <TextField
        {...field('email')}
        type="email"
        label={t('fields.email')}
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={254}
      />
      <PasswordField
        {...field('password')}
        label={t('fields.password')}
        hint={t('hints.password', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
        autoComplete="new-password"
      />
      <PasswordField {...field('confirmPassword')} label={t('fields.confirmPassword')} autoComplete="new-password" />
    </>
  );
}
