import { LANGUAGE_CODES, type Language } from '@esim/contract/languages';

/** The screen's tabs: the article list, the Markdown import, "try a question". */
export const KB_TABS = ['articles', 'import', 'try'] as const;
export type KbTab = (typeof KB_TABS)[number];

/**
 * The knowledge-base screen's view: the tab, and the list's search, language and published
 * filters, kept in the address (`/admin/knowledge-base?q=hotspot&language=en`) so that a view can
 * be bookmarked and survives the back button. Defaults are left out of the address.
 */
export interface KbFilters {
  tab: KbTab;
  q: string;
  language: Language | '';
  /** `true` published only, `false` drafts only, empty both. */
  published: 'true' | 'false' | '';
}

export const DEFAULT_KB_FILTERS: KbFilters = { tab: 'articles', q: '', language: '', published: '' };

/**
 * Reads the view from the address's query string; anything the API would refuse is dropped (an
 * old bookmark or a hand-edited link never breaks the screen).
 */
export function readKbFilters(search: string): KbFilters {
  const params = new URLSearchParams(search);
  const tab = params.get('tab');
  const language = params.get('language');
  const published = params.get('published');
  return {
    tab: (KB_TABS as readonly string[]).includes(tab ?? '') ? (tab as KbTab) : 'articles',
    q: (params.get('q') ?? '')
      .replace(/[\r\n\u2028\u2029]+/g, ' ')
      .trim()
      .slice(0, 200),
    language: (LANGUAGE_CODES as readonly string[]).includes(language ?? '') ? (language as Language) : '',
    published: published === 'true' || published === 'false' ? published : '',
  };
}

/** The query string of a view (without `?`), defaults left out. */
export function writeKbFilters(filters: KbFilters): string {
  const params = new URLSearchParams();
  if (filters.tab !== 'articles') params.set('tab', filters.tab);
  if (filters.q) params.set('q', filters.q);
  if (filters.language) params.set('language', filters.language);
  if (filters.published) params.set('published', filters.published);
  return params.toString();
}

/** Whether the list is narrowed by a search or a filter (its empty state says "no match" then). */
export function isKbFiltered(filters: KbFilters): boolean {
  return Boolean(filters.q || filters.language || filters.published);
}
