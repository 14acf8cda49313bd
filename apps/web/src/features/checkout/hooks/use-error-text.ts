import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isFormErrorKey } from '../../../lib/form-errors.ts';

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
      if (isFormErrorKey(message) || message === 'country') return t(`errors.${message}`);
      return message;
    },
    [t],
  );
}
