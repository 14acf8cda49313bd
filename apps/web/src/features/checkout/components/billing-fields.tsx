import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CountryOption } from '../hooks/billing-countries.ts';
import type { CheckoutFormValues } from '../hooks/checkout-form.ts';
import { useErrorText } from '../hooks/use-error-text.ts';
import { SelectField, TextField } from '../../../components/form/form-field.tsx';

/**
 * The billing address, shown on request: an 'Add billing
 * address' checkbox reveals address, city, postal code, country (localised names) and
 * state/province.
 */
export function BillingFields({ countries }: { countries: readonly CountryOption[] }) {
  const { t } = useTranslation('checkout');
  const errorText = useErrorText();
  const {
    register,
    control,
    clearErrors,
    formState: { errors },
  } = useFormContext<CheckoutFormValues>();
  const wanted = useWatch({ control, name: 'wantsBillingAddress' });
  const address = errors.billingAddress;
  return (
    <div className="min-w-0">
      <div className="flex items-start gap-3">
        <input
          id="checkout-wants-billing"
          type="checkbox"
          aria-controls="checkout-billing-fields"
          aria-describedby="checkout-wants-billing-hint"
          className="mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-brand-700"
          {...register('wantsBillingAddress', {
            // Hidden fields keep no errors: the address is not sent without the box.
            onChange: (event: { target: HTMLInputElement }) => {
              if (!event.target.checked) clearErrors('billingAddress');
            },
          })}
        />
        <div>
          <label htmlFor="checkout-wants-billing" className="font-semibold text-ink">
            {t('billing.toggle')}
          </label>
          <p id="checkout-wants-billing-hint" className="text-sm text-slate-600">
            {t('billing.toggleHint')}
          </p>
        </div>
      </div>
      <div id="checkout-billing-fields">
        {wanted && (
          <fieldset className="mt-5 min-w-0">
            <legend className="text-lg font-semibold text-ink">{t('billing.legend')}</legend>
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              <TextField
                id="checkout-address"
                label={t('billing.address')}
                required
                autoComplete="street-address"
                maxLength={200}
                error={errorText(address?.address?.message)}
                fieldClassName="sm:col-span-2"
                {...register('billingAddress.address')}
              />
              <TextField
                id="checkout-city"
                label={t('billing.city')}
                required
                autoComplete="address-level2"
                maxLength={100}
                error={errorText(address?.city?.message)}
                {...register('billingAddress.city')}
              />
              <TextField
                id="checkout-postal-code"
                label={t('billing.postalCode')}
                required
                autoComplete="postal-code"
                autoCapitalize="characters"
                maxLength={20}
                error={errorText(address?.postalCode?.message)}
                {...register('billingAddress.postalCode')}
              />
              <SelectField
                id="checkout-country"
                label={t('billing.country')}
                required
                autoComplete="country"
                error={errorText(address?.country?.message === 'required' ? 'country' : address?.country?.message)}
                {...register('billingAddress.country')}
              >
                <option value="">{t('billing.countryPlaceholder')}</option>
                {countries.map((country) => (
                  <option key={country.code} value={country.code}>
                    {country.name}
                  </option>
                ))}
              </SelectField>
              <TextField
                id="checkout-state"
                label={t('billing.state')}
                autoComplete="address-level1"
                maxLength={100}
                error={errorText(address?.state?.message)}
                {...register('billingAddress.state')}
              />
            </div>
          </fieldset>
        )}
      </div>
    </div>
  );
}
