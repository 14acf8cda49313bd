import { LANGUAGES, isLanguage } from '@esim/contract/languages';
import { Check } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Flag } from '../../components/ui/flag.tsx';
import { LANGUAGE_BUTTON_CLASS, LanguageButtonFace } from './language-button-face.tsx';
import { pathAfterLanguageSwitch } from './path-after-language-switch.ts';

/**
 * The language menu (radix DropdownMenu): flags and native names, the current one checked; the
 * choice is stored by i18next (local storage) and the path follows `pathAfterLanguageSwitch`. Loaded lazily by `LanguageSwitcher`; `defaultOpen`
 * opens it at once when the visitor clicked before the code had arrived.
 */
export default function LanguageMenu({
  defaultOpen = false,
  focusTrigger = false,
}: {
  defaultOpen?: boolean;
  /** Focus the trigger on mount: the placeholder it replaces had the focus. */
  focusTrigger?: boolean;
}) {
  const { i18n } = useTranslation('common');
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusTrigger) trigger.current?.focus();
  }, [focusTrigger]);
  const [location, navigate] = useLocation();
  const current = LANGUAGES.find((l) => l.code === i18n.resolvedLanguage) ?? LANGUAGES[0];
  const choose = (code: string) => {
    if (!isLanguage(code)) return;
    void i18n.changeLanguage(code);
    const next = pathAfterLanguageSwitch(location, code);
    if (next !== location) navigate(next);
  };
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger ref={trigger} className={LANGUAGE_BUTTON_CLASS}>
        <LanguageButtonFace />
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
