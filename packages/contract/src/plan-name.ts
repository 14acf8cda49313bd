import type { UnlimitedTier } from './catalog.ts';
import { formatDataAmount } from './format.ts';
import type { Language } from './languages.ts';

/**
 * The one way the store names a plan to a traveller (`docs/product-rules.md#plan-names-and-data-amounts-on-screen`): built from the
 * plan's facts (destination, data, validity, unlimited tier) in the reader's language, never from
 * the catalogue's English name ("Japan Unlimited Plus 1 Days [unlimited]"). The browser (plan
 * page, cart, checkout, confirmation, portal) and the server (page titles, e-mails) call it alike.
 * No zod and no dependencies, so that any page can import it cheaply.
 */

/** What a plan's name is made of. */
export interface PlanNameFacts {
  /** The destination's name, already in the reader's language (e.g. 'Japonya', 'Vereinigte Staaten'). */
  destination: string;
  /**
   * The allowance: MB as a number (`Product.features.dataMb`), a display string as frozen on an
   * order line or a portal bundle ('1GB', '500MB', 'Unlimited'), or `null` for an unlimited plan.
   */
  data: number | string | null;
  /** Validity in days, a positive whole number. */
  validityDays: number;
  /** The unlimited tier (`Product.features.tier`); `null` for a fixed-data plan. */
  tier: UnlimitedTier | null;
}

/** The words a plan name is built with, per language. */
export interface PlanNameLabels {
  /**
   * The name's shape, with `{destination}`, `{data}` and `{validity}` placeholders. The
   * destination stands alone (no preposition before it), so that no language needs an article
   * ('eSIM für die Türkei').
   */
  pattern: string;
  unlimited: string;
  unlimitedPlus: string;
  /** `[singular, plural]` of "day"; the singular is used for exactly 1. */
  day: readonly [singular: string, plural: string];
  /** Shown for an allowance that cannot be read ('N/A' in English). */
  notAvailable: string;
}

/** The store's words for plan names in its five languages. */
export const PLAN_NAME_LABELS: Readonly<Record<Language, PlanNameLabels>> = {
  en: {
    pattern: '{destination} eSIM: {data}, {validity}',
    unlimited: 'Unlimited',
    unlimitedPlus: 'Unlimited Plus',
    day: ['day', 'days'],
    notAvailable: 'N/A',
  },
  tr: {
    pattern: '{destination} eSIM paketi: {data}, {validity}',
    unlimited: 'Sınırsız',
    unlimitedPlus: 'Sınırsız Plus',
    day: ['gün', 'gün'],
    notAvailable: 'Yok',
  },
  es: {
    pattern: 'eSIM {destination}: {data}, {validity}',
    unlimited: 'Ilimitado',
    unlimitedPlus: 'Ilimitado Plus',
    day: ['día', 'días'],
    notAvailable: 'N/D',
  },
  fr: {
    pattern: 'eSIM {destination} : {data}, {validity}',
    unlimited: 'Illimité',
    unlimitedPlus: 'Illimité Plus',
    day: ['jour', 'jours'],
    notAvailable: 'N/D',
  },
  de: {
    pattern: 'eSIM {destination}: {data}, {validity}',
    unlimited: 'Unbegrenzt',
    unlimitedPlus: 'Unbegrenzt Plus',
    day: ['Tag', 'Tage'],
    notAvailable: 'k. A.',
  },
};

function labelsOf(lang: Language, labels?: Partial<PlanNameLabels>): PlanNameLabels {
  return { ...(PLAN_NAME_LABELS[lang] ?? PLAN_NAME_LABELS.en), ...labels };
}

/** Whether the facts describe an unlimited plan: a tier, no allowance, or an allowance that says 'unlimited'. */
export function isUnlimitedPlan(facts: Pick<PlanNameFacts, 'data' | 'tier'>): boolean {
  return (
    facts.tier !== null || facts.data === null || (typeof facts.data === 'string' && /unlimited/i.test(facts.data))
  );
}

/**
 * The allowance of a plan in `lang`: 'Unlimited Plus' / 'Unlimited' (translated) for unlimited
 * plans by tier, else the usual data display ('1GB', '500MB'); an unreadable value gives the
 * language's 'N/A'.
 * @example planDataLabel({ data: null, tier: 'unlimited_plus' }, 'de') // 'Unbegrenzt Plus'
 */
export function planDataLabel(
  facts: Pick<PlanNameFacts, 'data' | 'tier'>,
  lang: Language,
  labels?: Partial<PlanNameLabels>,
): string {
  const words = labelsOf(lang, labels);
  if (isUnlimitedPlan(facts)) return facts.tier === 'unlimited_plus' ? words.unlimitedPlus : words.unlimited;
  const shown = formatDataAmount(facts.data);
  return shown === 'N/A' ? words.notAvailable : shown;
}

/**
 * A validity in days in `lang`, singular for exactly 1: '1 day', '7 days', '7 Tage'.
 * A value that is not a positive whole number gives the language's 'N/A'.
 */
export function planValidityLabel(validityDays: number, lang: Language, labels?: Partial<PlanNameLabels>): string {
  const words = labelsOf(lang, labels);
  if (!Number.isSafeInteger(validityDays) || validityDays <= 0) return words.notAvailable;
  return `${validityDays} ${validityDays === 1 ? words.day[0] : words.day[1]}`;
}

/**
 * The name of a plan in the reader's language, from its facts: destination, data
 * (with the unlimited tier, so 'Unlimited Plus' never loses its 'Plus'), validity.
 *
 * @param facts destination name in `lang`, allowance (MB, display string or `null`), days, tier.
 * @param lang the reader's language; unknown values fall back to English words.
 * @param labels words to use instead of the built-in ones (e.g. a test or a special page).
 * @example planName({ destination: 'Japan', data: null, validityDays: 1, tier: 'unlimited_plus' }, 'en')
 *   // 'Japan eSIM: Unlimited Plus, 1 day'
 * @example planName({ destination: 'Türkei', data: 1024, validityDays: 7, tier: null }, 'de')
 *   // 'eSIM Türkei: 1GB, 7 Tage'
 */
export function planName(facts: PlanNameFacts, lang: Language, labels?: Partial<PlanNameLabels>): string {
  const words = labelsOf(lang, labels);
  const values: Record<string, string> = {
    destination: facts.destination.trim(),
    data: planDataLabel(facts, lang, words),
    validity: planValidityLabel(facts.validityDays, lang, words),
  };
  return words.pattern.replace(/\{(destination|data|validity)\}/g, (_, key: string) => values[key] ?? '');
}
