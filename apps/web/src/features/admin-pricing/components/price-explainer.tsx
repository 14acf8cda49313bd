import type { AdminProduct, PriceExplanation, PriceStep } from '@esim/contract/admin-pricing';
import type { Country } from '@esim/contract/catalog';
import { Search, Trophy } from 'lucide-react';
import { type Ref, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { toastAdminFailure } from '../../../admin-kit/admin-error.ts';
import { usePriceExplanation } from '../api/get-price-explanation.ts';
import { useProductSearch } from '../api/search-products.ts';
import { destinationName, money, percent, scopeText } from '../pricing-format.ts';

/** Wait after the last keystroke before searching. */
const SEARCH_DEBOUNCE_MS = 250;

/**
 * "Why this price?": the admin finds a product (name, bundle name or destination
 * code), picks it, and sees the winning rule, the other matching rules and why they lost, and
 * each step from the wholesale price to the retail price (markup, fixed margin, ending, floor; or
 * the admin's fixed price). Says when the price the rules give differs from the current one (no
 * recalculation applied since the rules changed).
 */
export function PriceExplainer({ destinations }: { destinations: readonly Country[] | undefined }) {
  const { t } = useTranslation(['admin-pricing', 'admin']);
  const id = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [productId, setProductId] = useState<number | null>(null);
  const search = useProductSearch(query);
  const explanation = usePriceExplanation(productId);
  const explanationHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(text.trim().slice(0, 100)), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  useEffect(() => {
    if (search.error) toastAdminFailure(t('errors.search'), search.error, t('admin:offline'));
  }, [search.error, t]);
  useEffect(() => {
    if (explanation.error) toastAdminFailure(t('errors.explain'), explanation.error, t('admin:offline'));
  }, [explanation.error, t]);
  useEffect(() => {
    if (explanation.data) explanationHeading.current?.focus();
  }, [explanation.data]);

  const results = query ? (search.data?.products ?? []) : [];
  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
      <div className="min-w-0">
        <label htmlFor={`${id}-q`} className="text-sm font-semibold text-ink">
          {t('explain.search')}
        </label>
        <div className="relative mt-1.5">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
          />
          <input
            id={`${id}-q`}
            type="search"
            autoComplete="off"
            spellCheck={false}
            maxLength={100}
            placeholder={t('explain.placeholder')}
            aria-describedby={`${id}-q-hint`}
            aria-controls={`${id}-results`}
            className="block w-full min-w-0 rounded-xl border border-slate-300 bg-white py-2.5 pl-9 pr-3 text-base text-ink shadow-sm placeholder:text-slate-500 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <p id={`${id}-q-hint`} className="mt-1.5 text-sm text-slate-600">
          {t('explain.hint')}
        </p>
        <div id={`${id}-results`} aria-live="polite" className="mt-3">
          {query && search.isFetching && !search.data ? (
            <Spinner label={t('explain.searching')} className="py-6" />
          ) : null}
          {query && search.data && results.length === 0 ? (
            <p className="text-sm text-slate-600">{t('explain.noResults')}</p>
          ) : null}
          {results.length > 0 && (
            <ul
              aria-label={t('explain.results')}
              className="max-h-96 divide-y divide-slate-100 overflow-y-auto rounded-xl bg-white ring-1 ring-slate-200"
            >
              {results.map((p) => (
                <li key={p.productId}>
                  <ProductChoice
                    product={p}
                    selected={p.productId === productId}
                    onPick={() => setProductId(p.productId)}
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>

      <div className="min-w-0">
        {productId === null ? (
          <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
            {t('explain.empty')}
          </p>
        ) : explanation.isPending ? (
          <Spinner label={t('explain.loading')} />
        ) : explanation.data ? (
          <ExplanationView explanation={explanation.data} destinations={destinations} headingRef={explanationHeading} />
        ) : null}
      </div>
    </div>
  );
}

function ProductChoice({
  product,
  selected,
  onPick,
}: {
  product: AdminProduct;
  selected: boolean;
  onPick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onPick}
      aria-pressed={selected}
      className={cn(
        'flex w-full flex-col items-start gap-0.5 px-3 py-2.5 text-left text-sm hover:bg-slate-50 focus-visible:bg-brand-50',
        selected && 'bg-brand-50',
      )}
    >
      <span className="flex w-full justify-between gap-3">
        <span className="min-w-0 break-words font-semibold text-ink">{product.displayName ?? product.name}</span>
        <span className="shrink-0 tabular-nums font-semibold text-ink">{money(product.priceCents)}</span>
      </span>
      <span className="break-all font-mono text-xs text-slate-600">{product.apiBundleName}</span>
    </button>
  );
}

function ExplanationView({
  explanation,
  destinations,
  headingRef,
}: {
  explanation: PriceExplanation;
  destinations: readonly Country[] | undefined;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { t, i18n } = useTranslation('admin-pricing');
  const language = i18n.language;
  const { product, winner } = explanation;
  const others = explanation.candidates.filter((c) => c.rule.id !== winner?.id);
  const place = destinationName(product.countryCode, language, destinations);
  return (
    <article className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <h3 ref={headingRef} tabIndex={-1} className="break-words text-lg font-bold text-ink focus:outline-none">
        {product.displayName ?? product.name}
      </h3>
      <p className="mt-0.5 break-all font-mono text-xs text-slate-600">{product.apiBundleName}</p>
      <p className="mt-1 text-sm text-slate-700">
        {place}
        {explanation.region && explanation.region !== product.countryCode
          ? ` · ${destinationName(explanation.region, language, destinations)}`
          : ''}{' '}
        · {t(`bundleType.${product.bundleType}`)}
        {!product.onSale && (
          <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-300">
            {t('recalc.notOnSale')}
          </span>
        )}
      </p>

      <dl className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Fact label={t('explain.wholesale')} value={money(product.wholesaleCents)} />
        <Fact label={t('explain.current')} value={money(product.priceCents)} />
        <Fact
          label={t('explain.computed')}
          value={money(explanation.computedPriceCents)}
          highlight={explanation.pending}
        />
      </dl>
      {explanation.pending && (
        <p className="mt-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300">
          {t('explain.pending', { current: money(product.priceCents), price: money(explanation.computedPriceCents) })}
        </p>
      )}

      <h4 className="mt-5 font-bold text-ink">{t('explain.stepsTitle')}</h4>
      <ol className="mt-2 space-y-1.5">
        {explanation.steps.map((step, i) => (
          <StepRow key={`${step.kind}-${i}`} step={step} />
        ))}
      </ol>

      <h4 className="mt-5 font-bold text-ink">{t('explain.winner')}</h4>
      {winner ? (
        <p className="mt-1 flex items-start gap-2 text-sm text-ink">
          <Trophy aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
          <span className="min-w-0 break-words">
            <span className="font-semibold">{winner.name}</span> — {scopeText(winner, t, language, destinations)},{' '}
            {t('explain.priority', { priority: winner.priority })}
            {product.fixedPriceCents !== null && (
              <span className="block text-slate-600">{t('explain.outcome.overridden_by_fixed_price')}</span>
            )}
          </span>
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-700">{t('explain.noWinner')}</p>
      )}

      {others.length > 0 && (
        <>
          <h4 className="mt-5 font-bold text-ink">{t('explain.others')}</h4>
          <ul className="mt-2 space-y-2 text-sm">
            {others.map(({ rule, outcome }) => (
              <li key={rule.id} className="rounded-xl bg-slate-50 px-3 py-2 ring-1 ring-slate-200">
                <span className="block break-words font-semibold text-ink">{rule.name}</span>
                <span className="block break-words text-slate-700">
                  {scopeText(rule, t, language, destinations)}, {t('explain.priority', { priority: rule.priority })}
                </span>
                <span className="block text-slate-600">{t(`explain.outcome.${outcome}`)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </article>
  );
}

function Fact({ label, value, highlight = false }: { label: string; value: string; highlight?: boolean }) {
  return (
    <div
      className={cn(
        'rounded-xl px-3 py-2 ring-1',
        highlight ? 'bg-amber-50 ring-amber-300' : 'bg-slate-50 ring-slate-200',
      )}
    >
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="text-lg font-bold tabular-nums text-ink">{value}</dd>
    </div>
  );
}

function StepRow({ step }: { step: PriceStep }) {
  const { t, i18n } = useTranslation('admin-pricing');
  const value = step.value ?? 0;
  const label =
    step.kind === 'markup'
      ? t('explain.steps.markup', { percent: percent(value, i18n.language) })
      : step.kind === 'fixed_margin'
        ? t('explain.steps.fixed_margin', { amount: money(value) })
        : step.kind === 'ending'
          ? t('explain.steps.ending', { cents: String(value).padStart(2, '0') })
          : step.kind === 'floor'
            ? t('explain.steps.floor', { amount: money(value) })
            : t(`explain.steps.${step.kind}`);
  return (
    <li className="flex items-baseline justify-between gap-3 border-b border-dashed border-slate-200 pb-1.5 text-sm last:border-0">
      <span className={cn('min-w-0', step.applied ? 'text-ink' : 'text-slate-600')}>
        {label}
        {!step.applied && step.kind !== 'no_rule' && (
          <span className="text-slate-600"> · {t('explain.notApplied')}</span>
        )}
      </span>
      <span className={cn('shrink-0 tabular-nums', step.applied ? 'font-semibold text-ink' : 'text-slate-600')}>
        {money(step.afterCents)}
      </span>
    </li>
  );
}
