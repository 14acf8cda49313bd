import { waitOf } from '@esim/contract/retry-after';
import { CheckCircle2, CircleAlert, KeyRound, Plus } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { readApiError } from '../../../lib/api-error.ts';
import { cn } from '../../../lib/cn.ts';
import { showToast } from '../../../lib/toast.ts';
import { useAttachOrder } from '../api/attach-order.ts';

/** The longest token text the API takes (`ACCESS_TOKEN_MAX_LENGTH` of the contract; tokens are 43 characters). */
const MAX_LENGTH = 512;

/**
 * 'Add an earlier order' (`docs/product-rules.md#customer-portal-and-access-tokens`), under the portal of a signed-in account: the
 * access token of an order bought without signing in (from its purchase e-mail or confirmation
 * page), posted to `POST /api/user/orders/attach`; the order's eSIMs, usage and top-ups then
 * show with the account's. The API's refusals are said in the visitor's language next to the
 * field (unknown token, order of another account, too many attempts, signed out, no connection).
 */
export function AttachOrderForm() {
  const { t } = useTranslation('portal');
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const attach = useAttachOrder();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [attached, setAttached] = useState<string | null>(null);

  const errorOf = (failure: unknown): string => {
    const info = readApiError(failure);
    if (!info) return t('attach.errors.network');
    if (info.status === 429) {
      const { unit, count } = waitOf(info.retryAfterS ?? 60);
      return t('attach.errors.rateLimited', { wait: t(`attach.wait.${unit}`, { count }) });
    }
    if (info.code === 'invalid_token' || (info.status === 400 && info.field?.endsWith('accessToken'))) {
      return t('attach.errors.invalidToken');
    }
    if (info.code === 'order_belongs_to_another_account') return t('attach.errors.otherAccount');
    if (info.status === 401) return t('attach.errors.signedOut');
    return t('attach.errors.generic');
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (attach.isPending) return;
    const accessToken = value.trim();
    setAttached(null);
    if (!accessToken) {
      setError(t('form.required'));
      inputRef.current?.focus();
      return;
    }
    setError(null);
    attach.mutate(
      { accessToken },
      {
        onSuccess: ({ orderNumber, alreadyAttached }) => {
          const message = alreadyAttached ? t('attach.already', { orderNumber }) : t('attach.done', { orderNumber });
          setValue('');
          setAttached(message);
          void showToast('success', message);
        },
        onError: (failure) => {
          setError(errorOf(failure));
          inputRef.current?.focus();
        },
      },
    );
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold text-ink">
        {t('attach.title')}
      </h2>
      <p className="mt-1 max-w-prose text-sm text-slate-600">{t('attach.lead')}</p>
      <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className="block text-sm font-semibold text-ink">
            {t('form.label')}
          </label>
          <div className="relative mt-1.5">
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
              maxLength={MAX_LENGTH}
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
                'block w-full min-w-0 rounded-xl border bg-white py-2.5 pr-3.5 pl-11 font-mono text-base text-ink shadow-sm focus:outline-2 focus:outline-offset-0 focus:outline-brand-600',
                error ? 'border-red-600' : 'border-slate-300',
              )}
            />
          </div>
          <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-600">
            {t('form.hint')}
          </p>
          {error && (
            <p id={`${id}-error`} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {error}
            </p>
          )}
        </div>
        <Button type="submit" disabled={attach.isPending} aria-busy={attach.isPending} className="sm:mt-7">
          <Plus aria-hidden="true" className="size-4" />
          {attach.isPending ? t('attach.submitting') : t('attach.submit')}
        </Button>
      </form>
      <div role="status" aria-live="polite">
        {attached && (
          <p className="mt-3 flex items-start gap-2 text-sm font-medium text-emerald-800">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {attached}
          </p>
        )}
      </div>
    </section>
  );
}
