import type { AuthService } from '../auth/auth.module.ts';
import type { CatalogService } from '../catalog/catalog.module.ts';
import type { OrdersModule } from '../orders/orders.module.ts';
import type { ModuleContext } from '../module-context.ts';
import { ConversationsRepository } from './admin/conversations.repository.ts';
import { conversationsAdminRoutes } from './admin/conversations.routes.ts';
import { ConversationsService } from './admin/conversations.service.ts';
import { AnythingLLMClient } from './anythingllm/anythingllm-client.ts';
import { AnythingLLMEngine, articleTitlesFrom } from './anythingllm/anythingllm-engine.ts';
import { ANYTHINGLLM_SYNC_JOB, DocumentSync, knowledgeChangeHook } from './anythingllm/document-sync.ts';
import { ChatRepository } from './chat.repository.ts';
import { chatRoutes } from './chat.routes.ts';
import { ChatService } from './chat.service.ts';
import { chatSchedule } from './chat-schedule.ts';
import { chatThrottle, chatThrottlePolicy } from './chat-throttle.ts';
import { ConversationPurge } from './conversation-purge.ts';
import { CatalogueFacts } from './engine/catalogue-facts.ts';
import { detectLanguage } from './engine/language.ts';
import { LocalChatEngine } from './engine/local-engine.ts';
import { KnowledgeBaseRepository } from './knowledge-base/knowledge-base.repository.ts';
import { knowledgeBaseRoutes } from './knowledge-base/knowledge-base.routes.ts';
import { KnowledgeBaseService } from './knowledge-base/knowledge-base.service.ts';

/** What the chat module offers the rest of the store. */
export interface ChatModule {
  /** Writes the shipped articles on the first start; returns how many (0 when any exist). */
  seedKnowledgeBase(onSkip: (file: string, reason: string) => void): Promise<number>;
}

/**
 * The chat assistant and its knowledge base (decision record 0017): `POST /api/anythingllm/chat`
 * answered by the local engine (retrieval over the published articles and the catalogue) or by
 * AnythingLLM (`CHAT_ENGINE=anythingllm`, with the document sync), conversations kept 30 days
 * (purged hourly) and reviewed by admins (`/api/admin/chat-conversations*`), and the admin's
 * articles at `/api/admin/knowledge-base*`.
 */
export async function chatModule(
  ctx: ModuleContext,
  deps: { auth: AuthService; catalog: CatalogService; orders: Pick<OrdersModule, 'unitsSoldSince'> },
): Promise<ChatModule> {
  const { app, config, database, jobs, jobRecords, log } = ctx;
  const knowledgeBase = new KnowledgeBaseRepository(database.db);
  // Plans, prices and the sales of the last 90 days, dropped at once on any catalogue change.
  const catalogueFacts = new CatalogueFacts({
    catalog: deps.catalog,
    popularity: { unitsSoldSince: (since) => deps.orders.unitsSoldSince(since) },
  });
  deps.catalog.onChange(() => catalogueFacts.invalidate());
  // Built whatever CHAT_ENGINE is: the knowledge base's "try a question" asks it.
  const localEngine = new LocalChatEngine({ knowledge: knowledgeBase, catalogue: catalogueFacts });
  const anythingllmUrl = config.chat.engine === 'anythingllm' ? config.chat.anythingllm.url : undefined;
  const anythingllm = anythingllmUrl
    ? new AnythingLLMClient({ ...config.chat.anythingllm, url: anythingllmUrl })
    : undefined;
  if (anythingllm && !anythingllm.hasKey) {
    log.warn(
      'CHAT_ENGINE=anythingllm without ANYTHINGLLM_API_KEY: every chat reply is the error reply (no key) until it is set',
    );
  }
  const documentSync =
    anythingllm &&
    new DocumentSync({
      client: anythingllm,
      store: knowledgeBase,
      runningSyncJobIds: async () =>
        (await jobRecords.listByStatus(['running'], { limit: 100 }))
          .filter((job) => job.type === ANYTHINGLLM_SYNC_JOB)
          .map((job) => job.id),
      log,
    });
  documentSync?.register(jobs);
  const conversations = new ChatRepository(database.db);
  const purge = new ConversationPurge({ conversations });
  purge.register(jobs);
  const schedule = chatSchedule({ queue: jobs, purge, sync: documentSync, warm: () => localEngine.warm() });
  ctx.schedules.add({ name: 'chat', start: () => schedule.start() });
  await app.register(chatRoutes, {
    chat: new ChatService({
      engine: anythingllm
        ? new AnythingLLMEngine({ client: anythingllm, titles: articleTitlesFrom(knowledgeBase) })
        : localEngine,
      conversations,
      log,
    }),
    throttle: chatThrottle(ctx.throttler, chatThrottlePolicy(config.chat)),
  });
  await app.register(knowledgeBaseRoutes, {
    auth: deps.auth,
    service: new KnowledgeBaseService({
      repo: knowledgeBase,
      retrieve: localEngine.retrieve.bind(localEngine),
      answer: localEngine.answer.bind(localEngine),
      detectLanguage,
      // Every committed change reaches AnythingLLM's workspace (nothing with the local engine).
      onChange: knowledgeChangeHook(documentSync, jobs),
      log,
    }),
  });
  await app.register(conversationsAdminRoutes, {
    auth: deps.auth,
    conversations: new ConversationsService(new ConversationsRepository(database.db)),
  });
  return { seedKnowledgeBase: (onSkip) => knowledgeBase.ensureSeeded({ onSkip }) };
}
