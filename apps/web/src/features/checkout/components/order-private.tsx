import { KeyRound, LockKeyhole, LogIn, Smartphone } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { TextField } from '../../../components/form/form-field.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { type PastedToken, tokenFromInput } from '../../../lib/access-token.ts';

interface OrderPrivateProps {
  /** Opens the order with a token read from the field (sent in `X-Access-Token` only). */
  onToken: (token: string) => void;
  /** A token is being tried. */
  checking: boolean;
  /** The last token tried did not open the order. */
  refused: boolean;
  /** Whether someone is signed in; `undefined` while that is not known (the sign-in link shows). */
  signedIn: boolean | undefined;
  /** The sign-in page that comes back to this order page, e.g. `/auth?next=%2Forder-confirmation%2FORD-…`. */
  signInHref: string;
}

/**
 * The order page for a visitor it does not open (`GET /api/orders/{n}` answered 404: no visitor
 * session, access token or signed-in account of the order's; or no such order, or a malformed
 * number). It says the page is private and how to open it: the confirmation e-mail's link, the
 * access token (or that link) pasted here, signing in, the customer portal. It shows nothing of
 * the order, not even its number, and reads the same whether the order exists or not, because the
 * API's answer cannot tell them apart either (no enumeration of order numbers; OWASP ASVS 4.0.3
 * V4.2.1). The page's h1; the server renders the loading state, so the form only ever runs with
 * its script, and its field has no `name`: the token cannot end up in a query string.
 */
export function OrderPrivate({ onToken, checking, refused, signedIn, signInHref }: OrderPrivateProps) {
  const { t } = useTranslation('checkout');
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<Exclude<PastedToken, { token: string }>['error'] | null>(null);
  const error = problem
    ? t(`private.errors.${problem}`)
    : refused && !checking
      ? t('private.errors.refused')
      : undefined;

  // A refusal comes back from the server: the field takes the focus, so that it is read out.
  useEffect(() => {
    if (refused && !checking) inputRef.current?.focus();
  }, [refused, checking]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const read = tokenFromInput(value);
    if ('error' in read) {
      setProblem(read.error);
      inputRef.current?.focus();
      return;
    }
    setProblem(null);
    onToken(read.token);
  };

  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:px-6 sm:py-16">
      <div className="flex flex-col items-center text-center">
        <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
          <LockKeyhole aria-hidden="true" className="size-8" />
        </span>
        <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-ink">{t('private.title')}</h1>
        <p className="mt-3 text-lg text-slate-600">{t('private.body')}</p>
        <p className="mt-2 text-sm text-slate-600">{t('private.typo')}</p>
      </div>

      <form
        noValidate
        onSubmit={submit}
        aria-labelledby={`${id}-heading`}
        className="mt-8 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      >
        <h2 id={`${id}-heading`} className="flex items-center gap-2 text-lg font-semibold text-ink">
          <KeyRound aria-hidden="true" className="size-5 text-brand-700" />
          {t('private.form.heading')}
        </h2>
        <TextField
          ref={inputRef}
          id={`${id}-token`}
          label={t('private.form.label')}
          hint={t('private.form.hint')}
          error={error}
          required
          fieldClassName="mt-4"
          className="font-mono"
          type="text"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            if (problem && e.target.value.trim()) setProblem(null);
          }}
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
        />
        <Button type="submit" size="lg" className="mt-5 w-full" disabled={checking} aria-busy={checking}>
          {t('private.form.submit')}
        </Button>
      </form>

      <section
        aria-labelledby={`${id}-account`}
        className="mt-6 rounded-2xl bg-slate-50 p-5 ring-1 ring-slate-200 sm:p-6"
      >
        <h2 id={`${id}-account`} className="text-base font-semibold text-ink">
          {t('private.account.heading')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {signedIn ? t('private.account.signedIn') : t('private.account.signedOut')}
        </p>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row">
          {!signedIn && (
            <Link href={signInHref} className={buttonClass('primary', 'md')}>
              <LogIn aria-hidden="true" className="size-4" />
              {t('private.account.signIn')}
            </Link>
          )}
          <Link href="/portal" className={buttonClass('outline', 'md')}>
            <Smartphone aria-hidden="true" className="size-4" />
            {t('private.account.portal')}
          </Link>
        </div>
      </section>

      <p className="mt-6 text-center text-sm text-slate-600">
        {t('private.lost')}{' '}
        <Link href="/support" className="rounded font-semibold text-brand-800 hover:underline">
          {t('private.support')}
        </Link>
      </p>
    </div>
  );
}
