import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@esim/contract/auth';
import { waitOf } from '@esim/contract/retry-after';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { readApiError } from '../../../lib/api-error.ts';
import { isAuthMessageKey, readableServerMessage, translatedFailureOf } from './auth-errors.ts';

/**
 * Translates a field message of the account forms: the keys of `auth:errors.*` (the contract's
 * validation keys and the API codes of `auth-errors.ts`) in the visitor's language; any other
 * text (the server's own) as it is.
 */
export function useAuthErrorText() {
  const { t } = useTranslation('auth');
  return useCallback(
    (message: string | undefined): string | undefined => {
      if (!message) return undefined;
      if (isAuthMessageKey(message)) {
        return t(`errors.${message}`, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
      }
      return message;
    },
    [t],
  );
}

/**
 * What a failed account call says (the description of its 'Login failed', 'Profile update
 * failed'... toast): the server's message
 * (without the field name it may start with), translated for the codes of
 * `translatedFailureOf` (a two-factor code just used),
 * a translated wait for 429 `rate_limited` (its `Retry-After`), a network hint when there was no
 * answer, else a generic sentence.
 */
export function useFailureText() {
  const { t } = useTranslation('auth');
  return useCallback(
    (error: unknown): string => {
      const info = readApiError(error);
      if (!info) return t('errors.network');
      if (info.status === 429) {
        const { unit, count } = waitOf(info.retryAfterS ?? 60);
        return t('errors.rateLimited', { wait: t(`wait.${unit}`, { count }) });
      }
      if (info.status >= 500) return t('errors.generic');
      const key = translatedFailureOf(info.code);
      if (key) return t(`errors.${key}`);
      return info.message ? readableServerMessage(info.message) : t('errors.generic');
    },
    [t],
  );
}
