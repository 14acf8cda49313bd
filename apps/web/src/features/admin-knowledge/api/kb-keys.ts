/** Query keys of the knowledge-base screen, all under `['admin', 'knowledge-base']` so a change can refresh them together. */
export const KB_KEY = ['admin', 'knowledge-base'] as const;
export const kbListKey = (filters: object) => [...KB_KEY, 'list', filters] as const;
export const kbArticleKey = (id: number) => [...KB_KEY, 'article', id] as const;
