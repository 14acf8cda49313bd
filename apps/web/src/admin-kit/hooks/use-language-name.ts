import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Names languages in the interface language: the function returned maps a code to its name
 * (`tr` → "Turkish", "Türkçe"...) with `Intl.DisplayNames`, or to the code itself when the
 * runtime does not know it. The admin screens name a customer's or an article's language so.
 */
export function useLanguageName(): (code: string) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return useCallback(
    (code: string) => {
      try {
        return new Intl.DisplayNames([language], { type: 'language' }).of(code) ?? code;
      } catch {
        return code;
      }
    },
    [language],
  );
}
