import type { Country } from '@esim/contract/catalog';
import { LANGUAGE_CODES } from '@esim/contract/languages';
import { GLOBAL } from '@esim/contract/regions';
import { GLOBAL_MEMBERS } from '@esim/contract/region-members';
import { foldedTokens } from './fold.ts';

/**
 * The destination names a traveller may type, in the store's five languages: every destination's names as the
 * catalogue shows them (i18n-iso-countries), the CLDR names of `Intl.DisplayNames` (which differ
 * now and then: "Türkiye", "Czechia", "Tchéquie"), the region names, and the short forms people
 * use ("USA", "ABD", "EEUU", "UK", "England", "Holland", "Dubai", "Bali"). Names are folded and
 * matched on whole words, so "Japonya'da" finds Japan; a Turkish case ending glued to a name of
 * four letters or more is accepted too ("Japonyada", "Almanya'ya", "İspanyaya").
 */

/** What kind of destination a name designates. */
export type DestinationKind = 'country' | 'region' | 'global';

/** A destination found in a message. */
export interface DestinationMatch {
  code: string;
  kind: DestinationKind;
  /** Token positions `[start, end)` in the message's folded tokens. */
  start: number;
  end: number;
}

/** Extra names by destination code (folded when compiled). */
const ALIASES: Readonly<Record<string, readonly string[]>> = {
  US: [
    'usa',
    'u.s.a.',
    'united states of america',
    'america',
    'abd',
    'amerika',
    'eeuu',
    'ee.uu.',
    'ee uu',
    'estados unidos de america',
    'etats unis',
    'vereinigte staaten von amerika',
    'new york',
    'los angeles',
  ],
  GB: [
    'uk',
    'u.k.',
    'great britain',
    'britain',
    'england',
    'scotland',
    'wales',
    'london',
    'ingiltere',
    'inglaterra',
    'gran bretaña',
    'angleterre',
    'grande-bretagne',
    'großbritannien',
    'grossbritannien',
    'londres',
    'londra',
  ],
  AE: ['uae', 'emirates', 'dubai', 'abu dhabi', 'bae', 'eau', 'emiratos', 'emirats', 'vae', 'emirate'],
  NL: ['holland', 'the netherlands', 'amsterdam'],
  KR: ['korea', 'kore', 'corea', 'corée', 'korea republic', 'seoul'],
  TR: ['türkiye', 'turkiye', 'turquia', 'istanbul', 'antalya'],
  CZ: [
    'czech republic',
    'czech',
    'cekya',
    'çek cumhuriyeti',
    'republica checa',
    'république tchèque',
    'tschechische republik',
  ],
  ID: ['bali', 'endonezya'],
  JP: ['tokyo', 'tokio', 'osaka', 'kyoto'],
  TH: ['bangkok', 'phuket'],
  FR: ['paris'],
  IT: ['rome', 'roma', 'rom', 'milan'],
  ES: ['madrid', 'barcelona'],
  DE: ['berlin', 'munich', 'münchen'],
  CN: ['çin halk cumhuriyeti'],
  CH: ['suisse', 'schweiz', 'isviçre', 'suiza', 'svizzera'],
  RU: ['rusya', 'rusia', 'russie', 'russland'],
};

/** Region names and how travellers say them (the catalogue's own labels are added too). */
const REGION_ALIASES: Readonly<Record<string, readonly string[]>> = {
  'Europe+': ['europe', 'europa', 'avrupa', 'eu', 'european union', 'schengen', 'europe plus'],
  Asia: ['asia', 'asie', 'asien', 'asya', 'southeast asia', 'güneydoğu asya'],
  Africa: ['africa', 'afrique', 'afrika'],
  Balkans: ['balkans', 'balkan', 'balkanlar', 'balcanes', 'balkanländer'],
  Caribbean: ['caribbean', 'caribe', 'caraïbes', 'karibik', 'karayipler'],
  LATAM: [
    'latin america',
    'latam',
    'south america',
    'central america',
    'latinoamerica',
    'america latina',
    'sudamerica',
    'amerique latine',
    'amerique du sud',
    'lateinamerika',
    'südamerika',
    'latin amerika',
    'güney amerika',
  ],
  Oceania: ['oceania', 'océanie', 'ozeanien', 'okyanusya', 'pacific'],
  [GLOBAL]: [
    'global',
    'worldwide',
    'world',
    'whole world',
    'every country',
    'all countries',
    'küresel',
    'dünya',
    'dünya çapında',
    'tüm dünya',
    'mundial',
    'mundo',
    'todo el mundo',
    'monde',
    'mondial',
    'le monde entier',
    'weltweit',
    'welt',
    'ganze welt',
  ],
};

/** Single-word names that are also common words in one of the five languages ("mali": Turkish "financial"). */
const AMBIGUOUS = new Set([
  'mali',
  'reunion',
  'man',
  'chad',
  'jersey',
  'guernsey',
  'georgia',
  'jordan',
  'turkey',
  'china',
  'niger',
  'eu',
  'eau',
  'bae',
  'rom',
  'welt',
  'world',
  'global',
  'mundo',
  'monde',
  'pacific',
]);

/** Turkish case and possessive endings, folded, that may follow a name without an apostrophe. */
const TURKISH_SUFFIXES = new Set(
  'a e ya ye da de ta te dan den tan ten nda nde ndan nden nin nun in un yi yu i u na ne daki deki taki teki li lu ya dayim deyim dayken deyken icin yla yle la le'.split(
    ' ',
  ),
);

interface Entry {
  tokens: string[];
  code: string;
  kind: DestinationKind;
  /** Only counts together with a plan or price word (global, common words). */
  weak: boolean;
}

/** Destination look-up over folded message tokens; build with {@link Gazetteer.build}. */
export class Gazetteer {
  private constructor(private readonly byFirst: Map<string, Entry[]>) {}

  /**
   * Builds the look-up from the catalogue's destinations (names in every language, Intl names,
   * aliases) and, named by ICU, the other inhabited countries (`extraCodes`, default every code
   * Global covers), so that a country without plans of its own is still recognised.
   */
  static build(destinations: readonly Country[], extraCodes: readonly string[] = GLOBAL_MEMBERS): Gazetteer {
    const byFirst = new Map<string, Entry[]>();
    const seen = new Set<string>();
    const add = (name: string, code: string, kind: DestinationKind) => {
      const tokens = foldedTokens(name);
      if (tokens.length === 0) return;
      const key = `${tokens.join(' ')}|${code}`;
      if (seen.has(key)) return;
      seen.add(key);
      const weak = code === GLOBAL || (tokens.length === 1 && AMBIGUOUS.has(tokens[0]!));
      const entry: Entry = { tokens, code, kind, weak };
      const first = tokens[0]!.slice(0, 3);
      const list = byFirst.get(first) ?? [];
      list.push(entry);
      byFirst.set(first, list);
    };
    const displayNames = LANGUAGE_CODES.map((language) => new Intl.DisplayNames([language], { type: 'region' }));
    for (const destination of destinations) {
      const kind: DestinationKind =
        destination.type === 'local' ? 'country' : destination.type === 'global' ? 'global' : 'region';
      for (const name of Object.values(destination.names)) add(name, destination.code, kind);
      if (kind === 'country') {
        add(destination.slug.replace(/-/g, ' '), destination.code, kind);
        if (/^[A-Z]{2}$/.test(destination.code)) {
          for (const names of displayNames) {
            try {
              const name = names.of(destination.code);
              if (name && name !== destination.code) add(name, destination.code, kind);
            } catch {
              // not a region ICU knows
            }
          }
        }
        for (const alias of ALIASES[destination.code] ?? []) add(alias, destination.code, kind);
      } else {
        for (const alias of REGION_ALIASES[destination.code] ?? []) add(alias, destination.code, kind);
      }
    }
    const known = new Set(destinations.map((d) => d.code));
    for (const code of extraCodes) {
      if (known.has(code) || !/^[A-Z]{2}$/.test(code)) continue;
      for (const names of displayNames) {
        try {
          const name = names.of(code);
          if (name && name !== code) add(name, code, 'country');
        } catch {
          // not a region ICU knows
        }
      }
      for (const alias of ALIASES[code] ?? []) add(alias, code, 'country');
    }
    for (const list of byFirst.values()) list.sort((a, b) => b.tokens.length - a.tokens.length);
    return new Gazetteer(byFirst);
  }

  /**
   * The destinations named in folded tokens ({@link foldedTokens}), longest name first at each
   * position, without overlaps, in message order. Weak names (Global and words such as "Mali"
   * or "China" that are also common words or foods) are returned only when `includeWeak`.
   */
  find(tokens: readonly string[], includeWeak = true): DestinationMatch[] {
    const found: DestinationMatch[] = [];
    for (let i = 0; i < tokens.length;) {
      const match = this.longestAt(tokens, i, includeWeak);
      if (match) {
        found.push(match);
        i = match.end;
      } else {
        i += 1;
      }
    }
    return found;
  }

  private longestAt(tokens: readonly string[], i: number, includeWeak: boolean): DestinationMatch | undefined {
    const token = tokens[i];
    if (!token || token.length < 2) return undefined;
    const candidates = this.byFirst.get(token.slice(0, 3));
    if (!candidates) return undefined;
    for (const entry of candidates) {
      if (entry.weak && !includeWeak) continue;
      const n = entry.tokens.length;
      let ok = true;
      for (let k = 0; k < n && ok; k += 1) {
        const word = entry.tokens[k]!;
        const actual = tokens[i + k];
        if (actual === undefined) ok = false;
        else if (actual !== word) {
          // A Turkish ending glued to the last word: "japonyada", "almanyaya".
          ok =
            k === n - 1 &&
            word.length >= 4 &&
            actual.startsWith(word) &&
            TURKISH_SUFFIXES.has(actual.slice(word.length));
        }
      }
      if (ok) return { code: entry.code, kind: entry.kind, start: i, end: i + n };
    }
    return undefined;
  }
}
