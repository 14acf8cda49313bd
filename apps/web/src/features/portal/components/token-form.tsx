import { KeyRound } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';

/**
 * The access-token entry (an empty token gives 'Please enter an access token', shown next to the field and focused). Calls `onSubmit`
 * with the trimmed token.
 */
export function TokenForm({ onSubmit }: { onSubmit: (token: string) => void }) {
  const { t } = useTranslation('portal');
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const token = value.trim();
    if (!token) {
      setError(t('form.required'));
      inputRef.current?.focus();
      return;
    }
    onSubmit(token);
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      className="mx-auto max-w-xl rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
    >
      <label htmlFor={id} className="block font-semibold text-ink">
        {t('form.label')}
      </label>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        {t('form.hint')}
      </p>
      <div className="relative mt-3">
        <KeyRound
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-slate-500"
        />
        <input
          ref={inputRef}
          id={id}
          name="accessToken"
          type="text"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            if (error && e.target.value.trim()) setError(null);
          }}
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={cn(`${id}-hint`, error && `${id}-error`)}
          className={cn(
            'block w-full min-w-0 rounded-xl border bg-white py-3 pr-3.5 pl-11 font-mono text-base text-ink shadow-sm focus:outline-2 focus:outline-offset-0 focus:outline-brand-600',
            error ? 'border-red-600' : 'border-slate-300',
          )}
        />
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" size="lg" className="mt-5 w-full">
        {t('form.submit')}
      </Button>
      <p className="mt-5 text-center text-sm text-slate-600">
        {t('form.lost')}{' '}
        <Link href="/support" className="rounded font-semibold text-brand-800 hover:underline">
          {t('form.lostLink')}
        </Link>
      </p>
    </form>
  );
}
