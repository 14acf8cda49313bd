import { useTranslation } from 'react-i18next';

/** A language's name in the interface language (`de` → "German", "Deutsch"...), from `Intl.DisplayNames`. */
export function useLanguageName(code: string): string {
  const { i18n } = useTranslation();
  try {
    return new Intl.DisplayNames([i18n.resolvedLanguage ?? 'en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
