import { Search, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A labelled search box that applies its text on Enter or the search button (not on every key,
 * so that the list is not read again per letter), with a clear button while it has text.
 */
export function SearchForm({
  label,
  placeholder,
  value,
  onSearch,
}: {
  label: string;
  placeholder: string;
  value: string;
  onSearch: (q: string) => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [text, setText] = useState(value);
  // Follows `value` when it changes from outside (the address bar, a link).
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="min-w-0 flex-1">
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-700">
        {label}
      </label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <input
            id={id}
            type="search"
            value={text}
            maxLength={200}
            onChange={(event) => setText(event.target.value)}
            placeholder={placeholder}
            className="h-11 w-full rounded-xl border border-slate-300 bg-white pr-10 pl-3 text-sm text-ink placeholder:text-slate-500 focus:border-brand-600 [&::-webkit-search-cancel-button]:appearance-none"
          />
          {text ? (
            <button
              type="button"
              onClick={() => {
                setText('');
                onSearch('');
              }}
              aria-label={t('common.clear')}
              className="absolute top-1/2 right-1 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          ) : null}
        </div>
        <button
          type="submit"
          aria-label={t('common.search')}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-700 text-white hover:bg-brand-800"
        >
          <Search aria-hidden="true" className="size-4" />
        </button>
      </div>
    </form>
  );
}
