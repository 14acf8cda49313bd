import type { ChatSource } from '@esim/contract/chat';
import type { Country, Product } from '@esim/contract/catalog';
import { formatPrice } from '@esim/contract/format';
import type { Language } from '@esim/contract/languages';
import { GLOBAL } from '@esim/contract/regions';
import type { ChatAnswer } from '../chat-engine.ts';
import type { CatalogueFacts } from './catalogue-facts.ts';
import { findDevice } from './devices.ts';
import type { DestinationMatch, Gazetteer } from './gazetteer.ts';
import { TEXTS } from './texts.ts';

/**
 * The structured intents the local engine answers from the store's own data before it searches
 * the knowledge base (decision record 0017): plans and prices for a
 * destination (cheapest, most popular, unlimited or fixed, "N GB", "N days"), coverage and
 * networks of a destination (and whether a region's plans cover a country), whether a device
 * supports eSIM, the unlimited plans' speed policy and the refund policy. Each returns a reply
 * or `undefined` when the question is not (clearly) of its kind, so retrieval gets its turn.
 */

/** What the intents read. */
export interface IntentInput {
  message: string;
  language: Language;
  /** Folded, phrase-normalised tokens of the message, function words included. */
  tokens: string[];
  /** Concepts of the lexicon the message expresses. */
  concepts: Set<string>;
  /** The source naming a knowledge-base article (by slug) in the reply's language, if published. */
  articleSource: (slug: string) => ChatSource | undefined;
}

/** Concepts that are about plans and prices themselves, not a help topic. */
const CATALOGUE_CONCEPTS = new Set([
  'price',
  'unlimited',
  'coverage',
  'plantype',
  'validity',
  'travel',
  'device',
  'whatis',
  'speed',
  'iphone',
  'android',
  'compatible',
]);
/** Concepts a device-compatibility question may carry. */
const DEVICE_CONCEPTS = new Set(['compatible', 'device', 'iphone', 'android', 'whatis', 'coverage', 'travel']);
/** Concepts the speed-policy answer covers. */
const SPEED_CONCEPTS = new Set([
  'unlimited',
  'speed',
  'fairuse',
  'runout',
  'validity',
  'plantype',
  'whatis',
  'device',
  'timing',
  'check',
]);

const CHEAPEST =
  /\b(cheap\w*|lowest|least expensive|budget|affordable|ucuz\w*|uygun fiyat\w*|en uygun|barat\w*|economic\w*|moins chere?s?|pas cher\w*|bon marche|petit prix|gunstig\w*|billig\w*|preiswert\w*)\b/;
const POPULAR =
  /\b(popular\w*|best[\s-]?sell\w*|bestseller\w*|most (bought|sold|chosen)|recommend\w*|best|populer\w*|en cok (satan|tercih\w*|satilan)|en iyi|oner\w*|mas vendid\w*|mas popular\w*|mejor\w*|recomiend\w*|recomend\w*|populaire\w*|plus vendu\w*|meilleur\w*|conseill\w*|recommand\w*|beliebt\w*|meistverkauft\w*|meistgekauft\w*|empfehl\w*|beste[nrs]?)\b/;
const PLAN_WORDS =
  /\b(plans?|packages?|bundles?|offers?|deals?|esims?|paket\w*|tarif\w*|planes|forfaits?|offres?|angebot\w*|buy|kaufen|comprar|acheter|satin al\w*)\b/;
const FIXED = /\b(fixed|prepaid|sabit|fij[oa]s?|fixes?|festes?|prepago|prepaye\w*|prepaid)\b/;
const PLUS = /\b(plus)\b/;
const GB = /\b(\d{1,3})(?:[.,]\d+)?gb\b/;
const DAYS = /\b(\d{1,3})\s?(days?|day|gun|gunluk|dias?|jours?|jour|tage?n?|tag|nights?|gece)\b/;
const WEEKS = /\b(\d{1,2})\s?(weeks?|hafta|semanas?|semaines?|wochen?)\b/;
const WORK_IN =
  /\b(work|works|working|use it|usable|calisir|calisiyor|kullanabilir\w*|funciona\w*|usar|fonctionne\w*|utiliser|marche|funktioniert|nutzen|benutzen|covered|cover|covers|include[sd]?|kapsa\w*|dahil|cubre\w*|incluid\w*|couvre\w*|couvert\w*|inclus|abgedeckt|enthalten|deckt)\b/;

function isCoverageQuestion(input: IntentInput): boolean {
  const text = input.tokens.join(' ');
  return input.concepts.has('coverage') || WORK_IN.test(text);
}

/** The destination's name in a language: the catalogue's, else ICU's. */
function nameOf(code: string, language: Language, destinations: Map<string, Country>): string {
  const known = destinations.get(code);
  if (known) return known.names[language];
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A plan as a reply names it: "3GB, 15 days ($11.99)". */
export function planLabel(product: Product, language: Language, withPrice = true): string {
  const words = TEXTS[language].plan;
  const f = product.features;
  const data =
    f.bundleType === 'unlimited' ? (f.tier === 'unlimited_plus' ? words.unlimitedPlus : words.unlimited) : f.dataAmount;
  const validity = `${f.validityDays} ${f.validityDays === 1 ? words.day : words.days}`;
  return withPrice ? `${data}, ${validity} (${formatPrice(product.priceCents)})` : `${data}, ${validity}`;
}

/** Cheapest first; at the same price, the longer validity, then the more data. */
const byPrice = (a: Product, b: Product) =>
  a.priceCents - b.priceCents ||
  b.features.validityDays - a.features.validityDays ||
  (b.features.dataMb ?? 0) - (a.features.dataMb ?? 0);

/** The source naming a destination's page: its title in the reply's language and `/{lang}/{slug}`. */
function pageSource(destination: Country, language: Language): ChatSource {
  return { title: TEXTS[language].pageTitle(destination.names[language]), url: `/${language}/${destination.slug}` };
}

interface Wish {
  unlimited: boolean;
  fixed: boolean;
  plus: boolean;
  gb: number | undefined;
  days: number | undefined;
}

function wishOf(input: IntentInput): Wish {
  const text = input.tokens.join(' ');
  const gb = GB.exec(text);
  const days = DAYS.exec(text);
  const weeks = WEEKS.exec(text);
  const unlimited = input.concepts.has('unlimited');
  return {
    unlimited,
    fixed: !unlimited && FIXED.test(text),
    plus: unlimited && PLUS.test(text),
    gb: gb ? Number(gb[1]) : undefined,
    days: days ? Number(days[1]) : weeks ? Number(weeks[1]) * 7 : undefined,
  };
}

/** Plans and prices of one destination (see the module comment). */
async function catalogueAnswer(
  input: IntentInput,
  destination: Country,
  catalogue: CatalogueFacts,
): Promise<ChatAnswer> {
  const { language } = input;
  const t = TEXTS[language];
  const name = destination.names[language];
  const products = await catalogue.productsFor(destination.code);
  const text = input.tokens.join(' ');
  const wish = wishOf(input);
  let candidates = products;
  if (wish.unlimited)
    candidates = candidates.filter(
      (p) => p.features.bundleType === 'unlimited' && (!wish.plus || p.features.tier === 'unlimited_plus'),
    );
  if (wish.fixed) candidates = candidates.filter((p) => p.features.bundleType !== 'unlimited');
  if (wish.gb !== undefined) {
    const mb = wish.gb * 1000;
    // Unlimited plans have a daily full-speed allowance, not a total: they answer an "N GB" ask only when asked for.
    candidates = candidates.filter((p) => (p.features.dataMb === null ? wish.unlimited : p.features.dataMb >= mb));
  }
  if (wish.days !== undefined) candidates = candidates.filter((p) => p.features.validityDays >= wish.days!);
  const parts: string[] = [];
  const sorted = [...candidates].sort(byPrice);
  const wishText = [
    wish.gb !== undefined ? t.wishData(wish.gb) : '',
    wish.days !== undefined ? t.wishDays(wish.days) : '',
  ]
    .filter(Boolean)
    .join(', ');
  if (sorted.length === 0) {
    parts.push(t.noneMatching(name, wishText || (wish.unlimited ? t.plan.unlimited : '')));
    const fallback = [...products].sort(byPrice)[0];
    if (fallback) parts.push(t.cheapest(name, planLabel(fallback, language, false), formatPrice(fallback.priceCents)));
  } else if (POPULAR.test(text) && !CHEAPEST.test(text)) {
    const sold = await catalogue.unitsSold();
    const ranked = sorted
      .filter((p) => (sold.get(p.productId) ?? 0) > 0)
      .sort((a, b) => (sold.get(b.productId) ?? 0) - (sold.get(a.productId) ?? 0));
    const top = ranked[0];
    if (top) {
      parts.push(t.popular(name, planLabel(top, language, false), formatPrice(top.priceCents)));
      const others = ranked.slice(1, 3);
      if (others.length > 0) parts.push(t.otherOptions(others.map((p) => planLabel(p, language)).join('; ')));
    } else {
      const featured = sorted.find((p) => p.featured);
      const cheapest = sorted[0]!;
      parts.push(t.noSales(name));
      parts.push(
        t.cheapest(
          name,
          planLabel(featured ?? cheapest, language, false),
          formatPrice((featured ?? cheapest).priceCents),
        ),
      );
    }
  } else {
    const cheapest = sorted[0]!;
    const label = planLabel(cheapest, language, false);
    const price = formatPrice(cheapest.priceCents);
    if (wishText) parts.push(t.cheapestMatching(name, wishText, label, price));
    else if (wish.unlimited) parts.push(t.cheapestUnlimited(name, label, price));
    else if (wish.fixed) parts.push(t.cheapestFixed(name, label, price));
    else parts.push(t.cheapest(name, label, price));
    const others = sorted
      .slice(1)
      .filter((p) => planLabel(p, language, false) !== label)
      .slice(0, 2);
    if (others.length > 0) parts.push(t.otherOptions(others.map((p) => planLabel(p, language)).join('; ')));
  }
  parts.push(t.pricesNote, t.allPlans(products.length, name));
  return { textResponse: parts.join(' '), sources: [pageSource(destination, language)], language, kind: 'catalogue' };
}

/** Regional and Global destinations whose plans cover a country code. */
async function coveringDestinations(
  code: string,
  catalogue: CatalogueFacts,
  destinations: Map<string, Country>,
): Promise<Country[]> {
  const covering: Country[] = [];
  for (const destination of destinations.values()) {
    if (destination.type === 'local') continue;
    const products = await catalogue.productsFor(destination.code);
    if (products.some((p) => p.features.coveredCountries.includes(code))) covering.push(destination);
  }
  return covering.sort((a, b) => Number(a.code === GLOBAL) - Number(b.code === GLOBAL));
}

/** Networks (with their radio generations) a set of plans uses in one country. */
function networksIn(products: readonly Product[], code: string): string {
  const seen = new Map<string, Set<string>>();
  for (const product of products) {
    for (const network of product.features.networks) {
      if (network.countryCode.toUpperCase() !== code.toUpperCase()) continue;
      const speeds = seen.get(network.name) ?? new Set<string>();
      for (const speed of network.speeds) speeds.add(speed);
      seen.set(network.name, speeds);
    }
  }
  return [...seen]
    .slice(0, 6)
    .map(([name, speeds]) => (speeds.size > 0 ? `${name} (${[...speeds].sort().join('/')})` : name))
    .join(', ');
}

const listOf = (names: string[], language: Language) =>
  new Intl.ListFormat(language, { type: 'conjunction' }).format(names);

/** Coverage of a destination, or whether a region's plans cover a country. */
async function coverageAnswer(
  input: IntentInput,
  matches: DestinationMatch[],
  catalogue: CatalogueFacts,
  destinations: Map<string, Country>,
): Promise<ChatAnswer | undefined> {
  const { language } = input;
  const t = TEXTS[language];
  const region = matches.find((m) => m.kind !== 'country');
  const country = matches.find((m) => m.kind === 'country');
  const extra = input.articleSource('coverage-and-networks');
  const sources = (destination: Country | undefined): ChatSource[] => [
    ...(destination ? [pageSource(destination, language)] : []),
    ...(extra ? [extra] : []),
  ];
  if (region && country) {
    const regionDestination = destinations.get(region.code);
    if (!regionDestination) return undefined;
    const regionName = regionDestination.names[language];
    const countryName = nameOf(country.code, language, destinations);
    const products = await catalogue.productsFor(region.code);
    if (products.some((p) => p.features.coveredCountries.includes(country.code))) {
      const networks = networksIn(products, country.code);
      const parts = [t.regionIncludes(regionName, countryName)];
      if (networks) parts.push(t.networks(countryName, networks));
      return { textResponse: parts.join(' '), sources: sources(regionDestination), language, kind: 'coverage' };
    }
    const local = destinations.get(country.code);
    const alternative = local ? t.localPlans(countryName, local.planCount, formatPrice(local.fromPriceCents ?? 0)) : '';
    return {
      textResponse: t.regionExcludes(regionName, countryName, alternative).trim(),
      sources: sources(local ?? regionDestination),
      language,
      kind: 'coverage',
    };
  }
  const match = country ?? region;
  if (!match) return undefined;
  const destination = destinations.get(match.code);
  const name = nameOf(match.code, language, destinations);
  if (match.kind !== 'country') {
    if (!destination) return undefined;
    const products = await catalogue.productsFor(match.code);
    const covered = [...new Set(products.flatMap((p) => p.features.coveredCountries))];
    const examples = covered
      .map((code) => nameOf(code, language, destinations))
      .sort((a, b) => a.localeCompare(b, language))
      .slice(0, 8);
    const parts = [t.regionCovers(name, covered.length, listOf(examples, language))];
    parts.push(t.localPlans(name, destination.planCount, formatPrice(destination.fromPriceCents ?? 0)));
    return { textResponse: parts.join(' '), sources: sources(destination), language, kind: 'coverage' };
  }
  const covering = await coveringDestinations(match.code, catalogue, destinations);
  const coveringNames = listOf(
    covering.map((d) => d.names[language]),
    language,
  );
  if (!destination) {
    if (covering.length === 0)
      return { textResponse: t.notSold(name), sources: sources(undefined), language, kind: 'coverage' };
    const first = covering[0]!;
    const networks = networksIn(await catalogue.productsFor(first.code), match.code);
    const parts = [t.coveredBy(name, coveringNames)];
    if (networks) parts.push(t.networks(name, networks));
    return { textResponse: parts.join(' '), sources: sources(first), language, kind: 'coverage' };
  }
  const products = await catalogue.productsFor(match.code);
  const networks = networksIn(products, match.code);
  const parts = [networks ? t.networks(name, networks) : t.noNetworkList(name)];
  parts.push(t.localPlans(name, destination.planCount, formatPrice(destination.fromPriceCents ?? 0)));
  if (covering.length > 0) parts.push(t.alsoCovered(name, coveringNames));
  return { textResponse: parts.join(' '), sources: sources(destination), language, kind: 'coverage' };
}

/** A country with no plans of its own (only covered by regional or Global plans): what covers it, with prices. */
async function coveredOnlyAnswer(
  input: IntentInput,
  code: string,
  catalogue: CatalogueFacts,
  destinations: Map<string, Country>,
): Promise<ChatAnswer> {
  const { language } = input;
  const t = TEXTS[language];
  const name = nameOf(code, language, destinations);
  const covering = await coveringDestinations(code, catalogue, destinations);
  if (covering.length === 0) return { textResponse: t.notSold(name), sources: [], language, kind: 'catalogue' };
  const plans = listOf(
    covering.map((d) => `${d.names[language]} (${formatPrice(d.fromPriceCents ?? 0)}+)`),
    language,
  );
  return {
    textResponse: `${t.coveredBy(name, plans)} ${t.pricesNote}`,
    sources: covering.slice(0, 2).map((d) => pageSource(d, language)),
    language,
    kind: 'catalogue',
  };
}

/** Several countries in one question ("Japan and Korea on one plan?"): the regional and Global plans that cover them all. */
async function togetherAnswer(
  input: IntentInput,
  codes: string[],
  catalogue: CatalogueFacts,
  destinations: Map<string, Country>,
): Promise<ChatAnswer> {
  const { language } = input;
  const t = TEXTS[language];
  const names = listOf(
    codes.map((code) => nameOf(code, language, destinations)),
    language,
  );
  const covering: Country[] = [];
  for (const destination of destinations.values()) {
    if (destination.type === 'local') continue;
    const products = await catalogue.productsFor(destination.code);
    if (codes.every((code) => products.some((p) => p.features.coveredCountries.includes(code))))
      covering.push(destination);
  }
  covering.sort((a, b) => Number(a.code === GLOBAL) - Number(b.code === GLOBAL));
  if (covering.length === 0) return { textResponse: t.notSold(names), sources: [], language, kind: 'coverage' };
  const plans = listOf(
    covering.map((d) => `${d.names[language]} (${formatPrice(d.fromPriceCents ?? 0)}+)`),
    language,
  );
  return {
    textResponse: `${t.coveredTogether(names, plans)} ${t.pricesNote}`,
    sources: covering.slice(0, 2).map((d) => pageSource(d, language)),
    language,
    kind: 'coverage',
  };
}

/**
 * Plans, prices or coverage of a destination named in the message, or `undefined` when the
 * message names none or is about something else (a help topic that merely mentions a country).
 */
export async function destinationAnswer(
  input: IntentInput,
  gazetteer: Gazetteer,
  catalogue: CatalogueFacts,
  destinationList: readonly Country[],
): Promise<ChatAnswer | undefined> {
  const text = input.tokens.join(' ');
  const strongCue =
    CHEAPEST.test(text) ||
    POPULAR.test(text) ||
    input.concepts.has('price') ||
    GB.test(text) ||
    DAYS.test(text) ||
    WEEKS.test(text);
  const coverage = isCoverageQuestion(input);
  const cue = strongCue || coverage || PLAN_WORDS.test(text) || input.concepts.has('unlimited');
  const matches = gazetteer.find(input.tokens, cue);
  if (matches.length === 0) return undefined;
  const destinations = new Map(destinationList.map((d) => [d.code, d]));
  const topics = [...input.concepts].filter((c) => !CATALOGUE_CONCEPTS.has(c));
  const covered = new Set(matches.flatMap((m) => input.tokens.slice(m.start, m.end).map((_, k) => m.start + k)));
  const otherContent = input.tokens.filter(
    (token, i) => !covered.has(i) && token.length > 2 && !/^\d/.test(token),
  ).length;
  const hasRegionAndCountry = matches.some((m) => m.kind !== 'country') && matches.some((m) => m.kind === 'country');
  const countries = [...new Set(matches.filter((m) => m.kind === 'country').map((m) => m.code))];
  if (countries.length >= 2 && !hasRegionAndCountry && (cue || topics.length === 0))
    return togetherAnswer(input, countries, catalogue, destinations);
  if (hasRegionAndCountry && (coverage || topics.length === 0))
    return coverageAnswer(input, matches, catalogue, destinations);
  if (topics.length > 0 && !strongCue) return undefined;
  if (coverage && !strongCue) return coverageAnswer(input, matches, catalogue, destinations);
  const first = matches[0]!;
  const destination = destinations.get(first.code);
  if (cue || otherContent <= 2) {
    if (!destination) return coveredOnlyAnswer(input, first.code, catalogue, destinations);
    return catalogueAnswer(input, destination, catalogue);
  }
  return undefined;
}

/** Whether a device supports eSIM, from the device list (`devices.ts`), with the carrier-unlocked caveat. */
export function deviceAnswer(input: IntentInput): ChatAnswer | undefined {
  const found = findDevice(input.message);
  if (!found) return undefined;
  const topics = [...input.concepts].filter((c) => !DEVICE_CONCEPTS.has(c));
  if (topics.length > 0 && !input.concepts.has('compatible')) return undefined;
  // A family without a model ("my iPad") is a compatibility question only when it says so.
  if (found.generic && !input.concepts.has('compatible')) return undefined;
  const { language } = input;
  const t = TEXTS[language];
  const parts: string[] = [];
  if (found.verdict === 'yes') parts.push(t.deviceYes(found.device));
  else if (found.verdict === 'no') parts.push(t.deviceNo(found.device));
  else parts.push(t.deviceUnknown(found.device));
  for (const note of found.notes) parts.push(t.deviceNotes[note]);
  if (found.verdict !== 'no') parts.push(t.unlockedCaveat);
  const source = input.articleSource('compatible-devices') ?? { title: t.deviceListTitle };
  return { textResponse: parts.join(' '), sources: [source], language, kind: 'device' };
}

/** The refund policy (docs/product-rules.md#refunds) when the message is about a refund. */
export function refundAnswer(input: IntentInput): ChatAnswer | undefined {
  if (!input.concepts.has('refund')) return undefined;
  const { language } = input;
  const t = TEXTS[language];
  const source = input.articleSource('refunds') ?? { title: t.refundPolicyTitle };
  return { textResponse: t.refundPolicy, sources: [source], language, kind: 'policy' };
}

/** The unlimited plans' speed policy when the message asks how unlimited plans work (fair use, speed after the daily allowance). */
export function speedPolicyAnswer(input: IntentInput): ChatAnswer | undefined {
  const c = input.concepts;
  const asks = c.has('fairuse') || (c.has('unlimited') && [...c].every((concept) => SPEED_CONCEPTS.has(concept)));
  if (!asks) return undefined;
  const { language } = input;
  const t = TEXTS[language];
  const source = input.articleSource('unlimited-fair-use') ?? { title: t.speedPolicyTitle };
  return { textResponse: t.unlimitedPolicy, sources: [source], language, kind: 'policy' };
}
