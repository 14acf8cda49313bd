import { LANGUAGES, type Language } from '@esim/contract/languages';
import { Flag } from '../../../components/ui/flag.tsx';
import { useLanguageName } from '../../../admin-kit/hooks/use-language-name.ts';

/** The flag's country of each article language (`en` → GB), from the store's language menu. */
export function flagOf(language: Language): string {
  return LANGUAGES.find((l) => l.code === language)?.flag ?? language;
}

/**
 * An article's language: its flag and upper-case code (`EN`), named in full for screen readers
 * and in the tooltip ("English", "Englisch"...).
 */
export function LanguageLabel({ language }: { language: Language }) {
  const name = useLanguageName()(language);
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap" title={name}>
      <Flag code={flagOf(language)} className="h-3.5 w-5" />
      <span aria-hidden="true" className="text-xs font-bold tracking-wide text-slate-700">
        {language.toUpperCase()}
      </span>
      <span className="sr-only">{name}</span>
    </span>
  );
}
