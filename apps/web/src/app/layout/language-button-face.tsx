import { LANGUAGES } from '@esim/contract/languages';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Flag } from '../../components/ui/flag.tsx';

/** Class names of the language button, shared by the eager placeholder and the real menu trigger. */
export const LANGUAGE_BUTTON_CLASS =
  'inline-flex h-10 items-center gap-2 rounded-xl px-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100';

/** The current language on the header button: flag, code (from 640 px) and a spoken label. */
export function LanguageButtonFace() {
  const { t, i18n } = useTranslation('common');
  const current = LANGUAGES.find((l) => l.code === i18n.resolvedLanguage) ?? LANGUAGES[0];
  return (
    <>
      <Flag code={current.flag} className="h-4 w-5" />
      {/* The visible code is an abbreviation; screen readers hear the full sentence instead. */}
      <span aria-hidden="true" className="hidden sm:inline">
        {current.code.toUpperCase()}
      </span>
      <span className="sr-only">{t('language.label', { language: current.nativeName })}</span>
      <ChevronDown aria-hidden="true" className="size-4" />
    </>
  );
}
