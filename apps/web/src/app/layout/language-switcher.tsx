import { LANGUAGES, isLanguage } from '@esim/contract/languages';
import { Check, ChevronDown } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Flag } from '../../components/ui/flag.tsx';
import { pathAfterLanguageSwitch } from './path-after-language-switch.ts';

/** Language menu with flags and native names; the choice is stored by i18next (local storage). */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('common');
  const [location, navigate] = useLocation();
  const current = LANGUAGES.find((l) => l.code === i18n.resolvedLanguage) ?? LANGUAGES[0];
  const choose = (code: string) => {
    if (!isLanguage(code)) return;
    void i18n.changeLanguage(code);
    const next = pathAfterLanguageSwitch(location, code);
    if (next !== location) navigate(next);
  };
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="inline-flex h-10 items-center gap-2 rounded-xl px-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
      >
        <Flag code={current.flag} className="h-4 w-5" />
        {/* The visible code is an abbreviation; screen readers hear the full sentence instead. */}
        <span aria-hidden="true" className="hidden sm:inline">
          {current.code.toUpperCase()}
        </span>
        <span className="sr-only">{t('language.label', { language: current.nativeName })}</span>
        <ChevronDown aria-hidden="true" className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-[10002] min-w-44 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.RadioGroup value={current.code} onValueChange={choose}>
            {LANGUAGES.map((l) => (
              <DropdownMenu.RadioItem
                key={l.code}
                value={l.code}
                lang={l.code}
                className="flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-brand-50"
              >
                <Flag code={l.flag} className="h-4 w-5" />
                <span className="flex-1">{l.nativeName}</span>
                <DropdownMenu.ItemIndicator>
                  <Check aria-hidden="true" className="size-4 text-brand-700" />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
