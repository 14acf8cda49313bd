import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A language's name in the interface language (`tr` → "Turkish", "Türkçe"...), from
 * `Intl.DisplayNames`; the code itself when the runtime does not know it.
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
