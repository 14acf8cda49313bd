import { zodResolver } from '@hookform/resolvers/zod';
import { type RegisterBody, registerBodySchema } from '@esim/contract/auth';
import { isLanguage } from '@esim/contract/languages';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { readApiError } from '../../../lib/api-error.ts';
import { showToast } from '../../../lib/toast.ts';
import { useRegister } from '../api/register.ts';
import { serverFieldError } from '../hooks/auth-errors.ts';
import { useAuthErrorText, useFailureText } from '../hooks/use-auth-text.ts';
import { FormAlert } from './form-alert.tsx';
import {
  REGISTRATION_FIELDS,
  type RegistrationField,
  type RegistrationFieldProps,
  RegistrationFields,
} from './registration-fields.tsx';

type RegisterValues = Omit<RegisterBody, 'language'>;
const EMPTY: RegisterValues = {
  firstName: '',
  lastName: '',
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
};

/**
 * Registration (username, e-mail, password, confirm password, first name, last name), validated with the contract's `registerBodySchema`; the
 * account's e-mail language is the interface language. The server's field errors (409
 * `username_taken` / `email_taken`, 400 `<field>: <key>` such as `passwordCommon`) show next to
 * their fields; 'Registration successful' / 'Registration failed' with the server's message.
 */
export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const { t, i18n } = useTranslation('auth');
  const errorText = useAuthErrorText();
  const failureText = useFailureText();
  const mutation = useRegister();
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegisterValues>({
    resolver: zodResolver(registerBodySchema),
    defaultValues: EMPTY,
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
          void showToast('success', t('toast.registerSuccess'));
          onRegistered();
        },
        onError: (error) => {
          const fieldError = serverFieldError(readApiError(error), REGISTRATION_FIELDS);
          if (fieldError) setError(fieldError.field, { message: fieldError.message }, { shouldFocus: true });
          else setAlert(failureText(error));
          void showToast('error', t('toast.registerFailed'), { description: failureText(error) });
        },
      },
    );
  });

  const field = (name: RegistrationField): RegistrationFieldProps => ({
    id: `register-${name}`,
    required: true,
    error: errorText(errors[name]?.message),
    ...register(name),
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4" aria-label={t('page.tabs.register')}>
      <RegistrationFields field={field} />
      {alert && <FormAlert>{alert}</FormAlert>}
      <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
        <UserPlus aria-hidden="true" className="size-4" />
        {mutation.isPending ? t('register.submitting') : t('register.submit')}
      </Button>
    </form>
  );
}
