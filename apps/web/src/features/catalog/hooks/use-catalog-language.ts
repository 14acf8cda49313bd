import { DEFAULT_LANGUAGE, type Language, isLanguage } from '@esim/contract/languages';
import { useTranslation } from 'react-i18next';

/** The current interface language as one of the five supported codes (English when unknown). */
export function useCatalogLanguage(): Language {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}
