import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isCheckoutErrorKey } from './checkout-form.ts';

/**
 * Translates a field error into the visitor's language: the contract's message keys
 * (`required`, `email`, ... as `checkout:errors.<key>`) and `country`; any other text (a
 * provider's own message) is shown as it is. Re-renders in the new language on a switch.
 */
export function useErrorText() {
  const { t } = useTranslation('checkout');
  return useCallback(
    (message: string | undefined): string | undefined => {
      if (!message) return undefined;
      if (isCheckoutErrorKey(message) || message === 'country') return t(`errors.${message}`);
      return message;
    },
    [t],
  );
}
