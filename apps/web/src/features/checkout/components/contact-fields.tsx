import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CheckoutFormValues } from '../hooks/checkout-form.ts';
import { useErrorText } from '../hooks/use-error-text.ts';
import { TextField } from '../../../components/form/form-field.tsx';

/** Contact information: full name, e-mail and the optional phone, with their errors. */
export function ContactFields() {
  const { t } = useTranslation('checkout');
  const errorText = useErrorText();
  const {
    register,
    formState: { errors },
  } = useFormContext<CheckoutFormValues>();
  return (
    <fieldset className="min-w-0">
      <legend className="text-lg font-semibold text-ink">{t('contact.legend')}</legend>
      <p className="mt-1 text-sm text-slate-600">{t('contact.hint')}</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          id="checkout-full-name"
          label={t('contact.fullName')}
          required
          autoComplete="name"
          maxLength={120}
          error={errorText(errors.customer?.fullName?.message)}
          fieldClassName="sm:col-span-2"
          {...register('customer.fullName')}
        />
        <TextField
          id="checkout-email"
          type="email"
          label={t('contact.email')}
          required
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
          error={errorText(errors.customer?.email?.message)}
          {...register('customer.email')}
        />
        <TextField
          id="checkout-phone"
          type="tel"
          label={t('contact.phone')}
          autoComplete="tel"
          inputMode="tel"
          maxLength={32}
          hint={t('contact.phoneHint')}
          error={errorText(errors.customer?.phone?.message)}
          {...register('customer.phone')}
        />
      </div>
    </fieldset>
  );
}
