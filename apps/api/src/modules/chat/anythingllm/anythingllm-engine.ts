import type { ChatSource } from '@esim/contract/chat';
import type { KnowledgeSource } from '../knowledge-base/knowledge-source.ts';
import type { ChatAnswer, ChatEngine, ChatQuestion } from '../chat-engine.ts';
import type { AnythingLLMClient, AnythingLLMSource } from './anythingllm-client.ts';

/**
 * `CHAT_ENGINE=anythingllm` (decision record 0017): the same endpoint
 * proxies to the workspace chat of AnythingLLM's developer API and maps its sources back to the
 * knowledge base's article titles. Its errors (no key, 403, abort, time-out, network, a broken
 * reply) are thrown as `AnythingLLMError`; the chat service answers them with the localised
 * error reply and logs the `reason`.
 */

/** The sources shown under a reply, at most. */
const MAX_SOURCES = 5;
/** The `docSource` the document sync sends (`kb:<articleId>`). */
const KB_DOC_SOURCE = /^kb:(\d{1,10})$/;
/** AnythingLLM's defaults when metadata was not sent. */
const DEFAULT_DESCRIPTIONS = new Set(['no description found', 'unknown', '']);

/** Current titles of knowledge-base articles by id (those the lookup knows). */
export type ArticleTitles = (ids: readonly number[]) => Promise<ReadonlyMap<number, string>>;

/**
 * Article titles from a {@link KnowledgeSource} (the knowledge base's repository): the published
 * articles' titles, read again only when the knowledge base's revision changed, so an edit on any
 * instance shows its new title at the next answer.
 */
export function articleTitlesFrom(knowledge: KnowledgeSource): ArticleTitles {
  let cached: { revision: number; titles: Map<number, string> } | undefined;
  return async () => {
    const revision = await knowledge.revision();
    if (cached?.revision !== revision) {
      const titles = new Map((await knowledge.published()).map((a) => [a.id, a.title] as const));
      cached = { revision, titles };
    }
    return cached.titles;
  };
}

/**
 * `how-to-install-on-iphone.txt` -> `How to install on iphone`: a readable form of the slugified
 * title AnythingLLM gives raw-text documents, for sources the store did not push.
 */
export function titleFromSlug(title: string): string {
  const words = title
    .replace(/\.[a-z0-9]{1,5}$/i, '')
    .replace(/[-_]+/g, ' ')
    .trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : title;
}

/** The knowledge-base article id a source names (`docSource: "kb:<id>"`), if any. */
function articleIdOf(source: AnythingLLMSource): number | undefined {
  const match = KB_DOC_SOURCE.exec(source.docSource ?? '');
  return match ? Number(match[1]) : undefined;
}

/**
 * The titles to show for a reply's sources: an article pushed by the sync
 * (`docSource: "kb:<id>"`) shows its current title from the knowledge base, else the title it was
 * pushed with (`description`), else a readable form of AnythingLLM's slugified title. Duplicates
 * (several chunks of one document) are shown once, in the order AnythingLLM ranked them.
 */
export async function sourceTitles(
  sources: readonly AnythingLLMSource[],
  titles: ArticleTitles,
): Promise<ChatSource[]> {
  const ids = sources.map(articleIdOf).filter((id) => id !== undefined);
  const known = ids.length > 0 ? await titles(ids) : new Map<number, string>();
  const seen = new Set<string>();
  const result: ChatSource[] = [];
  for (const source of sources) {
    const id = articleIdOf(source);
    const description = source.description?.trim() ?? '';
    const title =
      (id === undefined ? undefined : known.get(id)) ??
      (DEFAULT_DESCRIPTIONS.has(description.toLowerCase()) ? undefined : description) ??
      (source.title ? titleFromSlug(source.title) : undefined);
    if (!title) continue;
    const key = id === undefined ? `title:${title.toLowerCase()}` : `kb:${id}`;
    if (seen.has(key) || seen.has(`title:${title.toLowerCase()}`)) continue;
    seen.add(key).add(`title:${title.toLowerCase()}`);
    result.push({ title });
    if (result.length === MAX_SOURCES) break;
  }
  return result;
}

/** What {@link AnythingLLMEngine} needs. */
export interface AnythingLLMEngineDeps {
  client: AnythingLLMClient;
  /** Current article titles (`articleTitlesFrom(knowledgeBase)`). */
  titles: ArticleTitles;
}

/** The AnythingLLM engine: one workspace chat call per question (`mode: 'chat'`, `reset: false`). */
export class AnythingLLMEngine implements ChatEngine {
  readonly name = 'anythingllm' as const;

  constructor(private readonly deps: AnythingLLMEngineDeps) {}

  /**
   * Asks the workspace. The reply's language is the question's: AnythingLLM's model answers in
   * the language it is asked in.
   * @throws AnythingLLMError (`no_key` without a call when no key is configured).
   */
  async answer(question: ChatQuestion): Promise<ChatAnswer> {
    const reply = await this.deps.client.chat({
      message: question.message,
      mode: 'chat',
      sessionId: question.sessionId,
      reset: false,
    });
    return {
      textResponse: reply.textResponse.trim(),
      sources: await sourceTitles(reply.sources, this.deps.titles),
      language: question.language,
      kind: 'remote',
    };
  }
}
