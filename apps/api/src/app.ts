import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { type ZodTypeProvider, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type Database, ping } from './db/client.ts';
import { Idempotency } from './lib/idempotency.ts';
import { IdempotencyRepository } from './lib/idempotency.repository.ts';
import { JobQueue, type JobQueueOptions } from './lib/jobs.ts';
import { JobsRepository } from './lib/jobs.repository.ts';
import { paymentThrottles } from './lib/payment-throttle.ts';
import { Throttler } from './lib/throttle.ts';
import { ThrottleRepository } from './lib/throttle.repository.ts';
import { registerTextGuard } from './lib/text-guard.ts';
import { registerAdminAudit } from './modules/admin/admin-scope.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { AuditRepository } from './modules/admin/audit.repository.ts';
import { registerSessions } from './modules/auth/auth-guard.ts';
import { AuthRepository } from './modules/auth/auth.repository.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { AuthThrottle } from './modules/auth/auth-throttle.ts';
import { SecretBox } from './modules/auth/totp.ts';
import { CartRepository } from './modules/cart/cart.repository.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { CartService } from './modules/cart/cart.service.ts';
import { CatalogRepository } from './modules/catalog/catalog.repository.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { CatalogService } from './modules/catalog/catalog.service.ts';
import { emailPreviewRoutes } from './modules/email/email-preview.routes.ts';
import { FulfilmentService } from './modules/orders/fulfilment.service.ts';
import { OrdersRepository } from './modules/orders/orders.repository.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { OrdersService } from './modules/orders/orders.service.ts';
import { PortalRepository } from './modules/portal/portal.repository.ts';
import { RefundRepository } from './modules/refunds/refund.repository.ts';
import { refundRoutes } from './modules/refunds/refund.routes.ts';
import { RefundService } from './modules/refunds/refund.service.ts';
import { attachThrottle } from './modules/portal/attach-throttle.ts';
import { portalRoutes } from './modules/portal/portal.routes.ts';
import { PortalService } from './modules/portal/portal.service.ts';
import { UsageSyncService } from './modules/portal/usage-sync.service.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/error-handler.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurityHeaders, stripePageSources } from './plugins/security-headers.ts';
import { registerWeb } from './plugins/web.ts';
import type { EsimProvider } from './providers/esim/esim-provider.ts';
import { createEsimProvider } from './providers/esim/create-esim-provider.ts';
import { SandboxEsimProvider } from './providers/esim/sandbox.ts';
import { sandboxEsimRoutes } from './providers/esim/sandbox-device.routes.ts';
import { simulatorPath } from './providers/esim/sandbox-device-page.ts';
import type { Mailer } from './providers/mail/mailer.ts';
import { createMailer } from './providers/mail/nodemailer-mailer.ts';
import type { PaymentProvider } from './providers/payment/payment-provider.ts';
import { createPaymentProviders } from './providers/payment/create-payment-provider.ts';
import { SandboxPaymentProvider } from './providers/payment/sandbox.ts';
import { sandboxPaymentRoutes } from './providers/payment/sandbox.routes.ts';

/** What `buildApp` composes; tests pass their own database and provider fakes. */
export interface AppDeps {
  config: Config;
  database: Database;
  esimProvider?: EsimProvider;
  /** Default: the embedded `SandboxPaymentProvider` (its routes are served only when it is the one in use). */
  paymentProvider?: PaymentProvider;
  /** Where log lines go (default stdout); tests capture them to prove that no card data is logged. */
  logStream?: { write(line: string): void };
  mailer?: Mailer;
  /** Job worker tuning, e.g. short backoff in tests. */
  jobOptions?: Partial<JobQueueOptions>;
  /** Serve the built storefront (default true); API tests turn it off. */
  serveWeb?: boolean;
}

/** The services built for one app instance, exposed for start-up tasks and tests. */
export interface AppServices {
  catalog: CatalogService;
  cart: CartService;
  /** Cards and PayPal (DESIGN.md section 4): `deps.paymentProvider` or the sandbox. */
  payments: PaymentProvider;
  orders: OrdersService;
  /** The durable job worker: `server.ts` starts and stops it; tests call `runUntilIdle()`. */
  jobs: JobQueue;
  /** Sends (SMTP) or stores (database Outbox) e-mail; `deps.mailer` or `createMailer(config)`. */
  mailer: Mailer;
  /** The customer portal (access-token reads, usage sync, top-ups). */
  portal: PortalService;
  /** Usage sync with the eSIM provider: `server.ts` schedules its recurring job. */
  usageSync: UsageSyncService;
  /** The eSIM provider in use (`deps.esimProvider` or the sandbox on this database). */
  esimProvider: EsimProvider;
  /** Accounts, sessions and two-factor authentication (issue 9); `admin:create` uses it too. */
  auth: AuthService;
}

/**
 * Builds the Fastify app: plugins, error handler, API routes and the storefront. Never listens
 * (STYLE.md, fastify/demo); `server.ts` does.
 */
export async function buildApp(deps: AppDeps): Promise<{ app: FastifyInstance; services: AppServices }> {
  const { config, database } = deps;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            // Credentials in headers, and card fields should any code ever log a body (the
            // tokenisation route logs nothing).
            redact: [
              'req.headers.authorization',
              'req.headers.cookie',
              'req.headers["x-access-token"]',
              'cardNumber',
              'cvv',
              '*.cardNumber',
              '*.cvv',
              // Accounts (issue 9): passwords, one-time codes, reset and first-admin tokens, the session cookie.
              'res.headers["set-cookie"]',
              ...[
                'password',
                'newPassword',
                'currentPassword',
                'confirmPassword',
                'code',
                'recoveryCodes',
                'secret',
                'token',
              ].flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
            ],
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    // Forwarded headers only from the configured proxies (TRUST_PROXY); from anyone else they are
    // ignored, so `request.ip` (rate limits, throttles) is the connection's address (issue 8).
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: 1_048_576,
    routerOptions: { caseSensitive: true, ignoreTrailingSlash: true },
    // Refusals by the router and the HTTP parser answer the API's error body too (issue 8).
    frameworkErrors,
    clientErrorHandler,
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    // Request ids (issue 12, instances part): random ids of the store's, logged as `reqId` (never a client's header).
    ...(await import('./modules/ops/request-id.ts')).requestIdOptions,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerTextGuard(app);

  // Card payment pages allow Stripe.js, its frames and API when Stripe takes cards (issue 12, browser part).
  await registerSecurityHeaders(app, {
    payment: config.paymentProvider === 'stripe' ? stripePageSources(config.stripe) : undefined,
  });

  // Accounts (issue 9): the session cookie resolved (and the CSRF rule applied) before any route.
  const auth = new AuthService({
    repo: new AuthRepository(database.db),
    throttle: new AuthThrottle(new ThrottleRepository(database.db), config.auth.throttle),
    secrets: new SecretBox(config.auth.secret, config.auth.previousSecrets),
    config: config.auth,
    publicUrl: config.publicUrl,
  });
  await registerSessions(app, { auth, publicOrigin: config.publicUrl });
  // Every admin call in the audit log (issue 10), written after it is answered.
  registerAdminAudit(app, new AuditRepository(database.db));

  // [providers] (issue 12) the eSIM provider (sandbox | eSIM Go) and the payment providers (sandbox | Stripe, PayPal REST).
  // Every provider call is counted and timed for `/metrics` (`provider_calls_total`, `provider_request_duration_seconds`).
  const { instrumentEsimProvider, instrumentPaymentProvider } = await import('./modules/ops/metrics.ts');
  // `services` exposes the providers themselves (a test's spy on them is seen through the wrappers).
  const esimProviderItself = deps.esimProvider ?? createEsimProvider(config, database, app.log);
  const esimProvider = instrumentEsimProvider(esimProviderItself);
  const configuredPayments = deps.paymentProvider ? undefined : createPaymentProviders(config, database);
  const paymentsItself = deps.paymentProvider ?? configuredPayments!.payments;
  const payments = instrumentPaymentProvider(paymentsItself);
  // The sandbox's routes (card tokens, PayPal approval page) are served when it takes part.
  const paymentSandbox =
    deps.paymentProvider instanceof SandboxPaymentProvider ? deps.paymentProvider : configuredPayments?.sandbox;
  // [/providers]
  const catalog = new CatalogService(new CatalogRepository(database.db), esimProvider);
  const cart = new CartService(new CartRepository(database.db), catalog);
  const mailer = deps.mailer ?? createMailer(config, database);
  const jobs = new JobQueue(
    new JobsRepository(database.db),
    { leaseMs: config.jobs.leaseMs, ...deps.jobOptions },
    app.log,
  );
  const ordersRepository = new OrdersRepository(database.db);
  const idempotency = new Idempotency(new IdempotencyRepository(database.db));
  const orders = new OrdersService({ repo: ordersRepository, cart, payments, idempotency, jobs });
  // Card tokenisation, checkout and top-ups, per session and per address, counted in the database (issue 8).
  const throttler = new Throttler(new ThrottleRepository(database.db), { log: app.log });
  const throttles = paymentThrottles(throttler, config.paymentThrottle);
  new FulfilmentService({
    repo: ordersRepository,
    esimProvider,
    mailer,
    publicOrigin: config.publicUrl,
    jobs,
  }).register(jobs);
  // Password-reset e-mails (issue 9): the request enqueues, the job looks up, makes the token and sends.
  auth.registerJobs(jobs, mailer);
  const portalRepository = new PortalRepository(database.db);
  const usageSync = new UsageSyncService({
    repo: portalRepository,
    esimProvider,
    productByBundleName: (name) => catalog.productByBundleName(name),
    intervalMs: config.portal.usageSyncIntervalMs,
  });
  usageSync.register(jobs);
  const sandboxEsims = esimProvider instanceof SandboxEsimProvider ? esimProvider : undefined;
  const portal = new PortalService({
    repo: portalRepository,
    usage: usageSync,
    orders,
    catalog,
    simulatorUrl: (iccid) => (sandboxEsims ? simulatorPath(iccid) : null),
  });

  await registerOpenApi(app);
  app.get('/api/health', { schema: { hide: true } }, async () => {
    await ping(database.db);
    return { status: 'ok', database: database.driver };
  });
  await app.register(authRoutes, { auth });
  await app.register(adminRoutes, { auth });

  // ---- The admin area (issue 10). Each block belongs to one part of it; keep edits inside yours.
  // [admin-refunds] refunds (before the orders block: it passes `refunds`, an `OrderRefunder`)
  const refunds = new RefundService({
    repo: new RefundRepository(database.db),
    payments,
    esimProvider,
    jobs,
    // The store's copy of an eSIM (portal, order screen) follows its cancelled bundles at once.
    refreshEsim: async (orderId, iccid) => {
      const item = await portalRepository.esimOfOrder(orderId, iccid);
      if (item) await usageSync.syncEsim(item);
    },
    log: app.log,
  });
  refunds.register(jobs);
  await app.register(refundRoutes, { auth, refunds });
  // [/admin-refunds]
  // [admin-orders] orders list, statuses, status changes, notify, order detail, notes, tokens
  {
    // Imported here so that this part's wiring stays inside its block.
    const [{ AdminOrdersRepository }, { AdminOrdersService }, { OrderEmailJobs }, { adminOrdersRoutes }] =
      await Promise.all([
        import('./modules/admin-orders/admin-orders.repository.ts'),
        import('./modules/admin-orders/admin-orders.service.ts'),
        import('./modules/admin-orders/order-email-jobs.ts'),
        import('./modules/admin-orders/admin-orders.routes.ts'),
      ]);
    const adminOrdersRepository = new AdminOrdersRepository(database.db);
    // `refunded` goes through the refunds block's `OrderRefunder` (refund policy, payment provider).
    const adminOrders = new AdminOrdersService({ repo: adminOrdersRepository, refunds, jobs });
    // `order-notification` (also enqueued by refunds) and `resend-order-email`.
    new OrderEmailJobs({
      repo: adminOrdersRepository,
      orders: ordersRepository,
      mailer,
      publicOrigin: config.publicUrl,
    }).register(jobs);
    // `GET /api/orders` (`ordersRoutes`, registered below) answers an admin with every order through this.
    app.decorate('ordersAdmin', {
      assertAdmin: (ctx) => auth.assertAdmin(ctx),
      list: (query) => adminOrders.list(query),
    });
    await app.register(adminOrdersRoutes, { auth, adminOrders });
  }
  // [/admin-orders]
  // [admin-pricing] pricing settings, recalculation, price explanation (names its service `pricingService`)
  // Imported here so that this part's wiring stays inside its block. Saving a rule reprices
  // nothing; `pricingService.recalculate({ dryRun, actor })` does (the catalogue block calls it
  // after a sync with `actor: 'sync'`), then drops the storefront's snapshot.
  const [{ PricingRepository }, { PricingService }, { pricingRoutes }] = await Promise.all([
    import('./modules/pricing/pricing.repository.ts'),
    import('./modules/pricing/pricing.service.ts'),
    import('./modules/pricing/pricing.routes.ts'),
  ]);
  const pricingService = new PricingService({
    repo: new PricingRepository(database.db),
    invalidateCatalogue: () => catalog.invalidate(),
  });
  await app.register(pricingRoutes, { auth, pricing: pricingService });
  // [/admin-pricing]
  // [admin-catalogue] catalogue sync, bulk import, export
  {
    // Imported here so that this part's wiring stays inside its block.
    const [{ CatalogueSyncService }, { BulkImportRepository }, { BulkImportService }, { catalogueAdminRoutes }] =
      await Promise.all([
        import('./modules/catalogue-admin/catalogue-sync.service.ts'),
        import('./modules/catalogue-admin/bulk-import.repository.ts'),
        import('./modules/catalogue-admin/bulk-import.service.ts'),
        import('./modules/catalogue-admin/catalogue-admin.routes.ts'),
      ]);
    const catalogRepository = new CatalogRepository(database.db);
    const jobsRepository = new JobsRepository(database.db);
    const jobStatus = async (id: number) => (await jobsRepository.findById(id))?.status;
    const catalogueSync = new CatalogueSyncService({
      catalog,
      repo: catalogRepository,
      // "Reprice after sync": the pricing part's recalculation, recorded as a pricing run by `sync`.
      reprice: async (actor) => {
        const report = await pricingService.recalculate({ dryRun: false, actor });
        return { checked: report.counts.checked, changed: report.counts.changed, pricingRunId: report.run?.id ?? null };
      },
      jobStatus,
      wake: () => jobs.wake(),
      intervalMs: config.catalogueSyncIntervalMs,
      log: app.log,
    });
    catalogueSync.register(jobs);
    const bulkImports = new BulkImportService({
      repo: new BulkImportRepository(database.db),
      catalog: catalogRepository,
      invalidate: () => catalog.invalidate(),
      wake: () => jobs.wake(),
      jobStatus,
    });
    bulkImports.register(jobs);
    // `server.ts` starts the schedule (`CATALOGUE_SYNC_INTERVAL`) once the worker runs.
    app.decorate('catalogueSchedule', { scheduleNext: () => catalogueSync.scheduleNext(jobs) });
    await app.register(catalogueAdminRoutes, { auth, sync: catalogueSync, imports: bulkImports });
  }
  // [/admin-catalogue]
  // [admin-ops] dashboard, outbox, jobs, audit log
  {
    // Imported here so that this part's wiring stays inside its block.
    const [
      { adminOpsRoutes },
      { DashboardRepository },
      { DashboardService },
      { OutboxRepository },
      { OutboxService },
      { JobsAdminService },
      { AuditLogService },
      { EMAIL_TEMPLATES },
    ] = await Promise.all([
      import('./modules/admin/admin-ops.routes.ts'),
      import('./modules/admin/dashboard.repository.ts'),
      import('./modules/admin/dashboard.service.ts'),
      import('./modules/admin/outbox.repository.ts'),
      import('./modules/admin/outbox.service.ts'),
      import('./modules/admin/jobs-admin.service.ts'),
      import('./modules/admin/audit-log.service.ts'),
      import('./modules/email/email-templates.ts'),
    ]);
    const jobsRepository = new JobsRepository(database.db);
    const dashboardRepository = new DashboardRepository(database.db);
    await app.register(adminOpsRoutes, {
      auth,
      dashboard: new DashboardService({ repo: dashboardRepository, jobCounts: () => jobsRepository.stateCounts() }),
      outbox: new OutboxService({
        repo: new OutboxRepository(database.db),
        mailer,
        templates: () => Object.keys(EMAIL_TEMPLATES),
      }),
      jobs: new JobsAdminService({
        repo: jobsRepository,
        orderNumbers: (ids) => dashboardRepository.orderNumbersByIds(ids),
        wake: () => jobs.wake(),
      }),
      audit: new AuditLogService(new AuditRepository(database.db)),
    });
  }
  // [/admin-ops]

  // ---- The chat assistant, knowledge base and support (issue 11). Each block belongs to one part; keep edits inside yours.
  // [knowledge-base] articles: repository (the local engine's `KnowledgeSource`), service, seed.
  //   Declares `knowledgeBase` (KnowledgeBaseRepository); its routes are registered in [knowledge-base-routes].
  // Imported here so that this part's wiring stays inside its block. The repository is the local
  // engine's `KnowledgeSource` (revision + published articles) and the document sync's store.
  const [{ KnowledgeBaseRepository }] = await Promise.all([
    import('./modules/knowledge-base/knowledge-base.repository.ts'),
  ]);
  const knowledgeBase = new KnowledgeBaseRepository(database.db);
  // [/knowledge-base]
  // [chat] engines, `POST /api/anythingllm/chat`, conversations (30 days), AnythingLLM document sync.
  //   Declares `localEngine` (LocalChatEngine, whose `retrieve()` the knowledge base's "try a question" uses)
  //   and `knowledgeChanged` (the hook the knowledge base calls after a change).
  // Imported here so that this part's wiring stays inside its block.
  const [
    { LocalChatEngine },
    { CatalogueFacts },
    { PopularityRepository },
    { AnythingLLMClient },
    { AnythingLLMEngine, articleTitlesFrom },
    { ANYTHINGLLM_SYNC_JOB, DocumentSync, knowledgeChangeHook },
    { ChatRepository },
    { ChatService },
    { chatRoutes },
    { chatThrottle, chatThrottlePolicy },
    { ConversationPurge },
    { chatSchedule },
  ] = await Promise.all([
    import('./modules/chat/engine/local-engine.ts'),
    import('./modules/chat/engine/catalogue-facts.ts'),
    import('./modules/chat/popularity.repository.ts'),
    import('./modules/chat/anythingllm/anythingllm-client.ts'),
    import('./modules/chat/anythingllm/anythingllm-engine.ts'),
    import('./modules/chat/anythingllm/document-sync.ts'),
    import('./modules/chat/chat.repository.ts'),
    import('./modules/chat/chat.service.ts'),
    import('./modules/chat/chat.routes.ts'),
    import('./modules/chat/chat-throttle.ts'),
    import('./modules/chat/conversation-purge.ts'),
    import('./modules/chat/chat-schedule.ts'),
  ]);
  // Retrieval over the published articles (rebuilt when `kb_revision` moves) and the catalogue's
  // plans, prices and sales of the last 90 days. Built whatever CHAT_ENGINE is: the knowledge base's
  // "try a question" uses it.
  const catalogueFacts = new CatalogueFacts({ catalog, popularity: new PopularityRepository(database.db) });
  // A catalogue change (here or, through the change bus, on another instance) is answered with at once.
  catalog.onChange(() => catalogueFacts.invalidate());
  const localEngine = new LocalChatEngine({ knowledge: knowledgeBase, catalogue: catalogueFacts });
  // CHAT_ENGINE=anythingllm (config.ts requires ANYTHINGLLM_URL with it): the workspace chat and the document sync.
  const anythingllmUrl = config.chat.engine === 'anythingllm' ? config.chat.anythingllm.url : undefined;
  const anythingllm = anythingllmUrl
    ? new AnythingLLMClient({ ...config.chat.anythingllm, url: anythingllmUrl })
    : undefined;
  if (anythingllm && !anythingllm.hasKey) {
    app.log.warn(
      'CHAT_ENGINE=anythingllm without ANYTHINGLLM_API_KEY: every chat reply is the error reply (no key) until it is set',
    );
  }
  const chatJobsRepository = new JobsRepository(database.db);
  const documentSync =
    anythingllm &&
    new DocumentSync({
      client: anythingllm,
      store: knowledgeBase,
      runningSyncJobIds: async () =>
        (await chatJobsRepository.listByStatus(['running'], { limit: 100 }))
          .filter((job) => job.type === ANYTHINGLLM_SYNC_JOB)
          .map((job) => job.id),
      log: app.log,
    });
  documentSync?.register(jobs);
  const knowledgeChanged = knowledgeChangeHook(documentSync, jobs);
  const chatRepository = new ChatRepository(database.db);
  const conversationPurge = new ConversationPurge({ conversations: chatRepository });
  conversationPurge.register(jobs);
  // `server.ts` starts the hourly purge (30 days' retention) and the start-up document sync.
  app.decorate(
    'chatSchedule',
    chatSchedule({ queue: jobs, purge: conversationPurge, sync: documentSync, warm: () => localEngine.warm() }),
  );
  await app.register(chatRoutes, {
    chat: new ChatService({
      engine: anythingllm
        ? new AnythingLLMEngine({ client: anythingllm, titles: articleTitlesFrom(knowledgeBase) })
        : localEngine,
      conversations: chatRepository,
      log: app.log,
    }),
    throttle: chatThrottle(throttler, chatThrottlePolicy(config.chat)),
  });
  // [/chat]
  // [knowledge-base-routes] `/api/admin/knowledge-base...`
  {
    const [{ KnowledgeBaseService }, { knowledgeBaseRoutes }, { detectLanguage }] = await Promise.all([
      import('./modules/knowledge-base/knowledge-base.service.ts'),
      import('./modules/knowledge-base/knowledge-base.routes.ts'),
      import('./modules/chat/engine/language.ts'),
    ]);
    // "Try a question" asks the local engine whatever CHAT_ENGINE is; every committed change then
    // calls the [chat] block's `knowledgeChanged` (the AnythingLLM document sync; nothing with the local engine).
    const service = new KnowledgeBaseService({
      repo: knowledgeBase,
      retrieve: localEngine.retrieve.bind(localEngine),
      answer: localEngine.answer.bind(localEngine),
      detectLanguage,
      onChange: knowledgeChanged,
      log: app.log,
    });
    await app.register(knowledgeBaseRoutes, { auth, service });
  }
  // [/knowledge-base-routes]
  // [support] `POST /api/support/messages`, its e-mails, `/api/admin/support-messages...`, `/api/admin/chat-conversations...`
  {
    // Imported here so that this part's wiring stays inside its block.
    const [
      { SupportRepository },
      { SupportService },
      { SupportEmailJob },
      { supportThrottle },
      { supportRoutes },
      { ConversationsRepository },
      { ConversationsService },
      { supportAdminRoutes },
    ] = await Promise.all([
      import('./modules/support/support.repository.ts'),
      import('./modules/support/support.service.ts'),
      import('./modules/support/support-email-job.ts'),
      import('./modules/support/support-throttle.ts'),
      import('./modules/support/support.routes.ts'),
      import('./modules/support/conversations.repository.ts'),
      import('./modules/support/conversations.service.ts'),
      import('./modules/support/support-admin.routes.ts'),
    ]);
    const supportRepository = new SupportRepository(database.db);
    // `send-support-message`: the desk's copy (Reply-To the sender) and the sender's acknowledgement.
    new SupportEmailJob({
      repo: supportRepository,
      mailer,
      supportEmail: config.support.email,
      publicOrigin: config.publicUrl,
    }).register(jobs);
    const support = new SupportService({ repo: supportRepository, jobs });
    await app.register(supportRoutes, {
      support,
      throttle: supportThrottle(throttler, config.support.rateLimitPerHour),
    });
    await app.register(supportAdminRoutes, {
      auth,
      support,
      conversations: new ConversationsService(new ConversationsRepository(database.db)),
    });
  }
  // [/support]
  await app.register(catalogRoutes, { catalog, maxAgeS: config.catalogueMaxAgeS });
  await app.register(cartRoutes, { cart });
  await app.register(ordersRoutes, { orders, throttle: throttles.checkout });
  await app.register(portalRoutes, {
    portal,
    rateLimitPerMinute: config.portal.rateLimitPerMinute,
    throttle: throttles.topup,
    // Attaching a guest order by its token (issue 9), per account and address.
    attach: attachThrottle(throttler),
    // Counted in Redis (REDIS_URL) or the database, shared by every instance (issue 12, instances part).
    rateLimitStore: await (
      await import('./lib/throttle-store.ts')
    ).sharedRateLimit(app, { name: 'portal', redisUrl: config.redisUrl, db: database.db }),
  });
  // Before the storefront: its not-found handler would answer these paths with the SPA.
  await app.register(emailPreviewRoutes, { config });
  // The sandbox's own pages (`/sandbox/paypal/*`) and tokenisation endpoint; explicit routes win
  // over the storefront's not-found handler whatever the order.
  if (paymentSandbox) {
    await app.register(sandboxPaymentRoutes, { sandbox: paymentSandbox, throttle: throttles.tokenisation });
  }
  // The sandbox eSIM provider's device simulator (`/sandbox/esims/*`), only when it is in use.
  if (sandboxEsims) await app.register(sandboxEsimRoutes, { sandbox: sandboxEsims });
  // ---- Production adapters and several instances (issue 12). Each block belongs to one part; keep edits inside yours.
  // [payments-config] `GET /api/payments/config` (Stripe part)
  {
    // Imported here so that this part's wiring stays inside its block.
    const [{ paymentsConfig, paymentsConfigRoutes }, { CompositePaymentProvider }] = await Promise.all([
      import('./modules/orders/payments-config.routes.ts'),
      import('./providers/payment/composite.ts'),
    ]);
    // PayPal is offered when the configured providers say so; an injected provider (tests) tells it itself.
    const paypalOffered =
      configuredPayments?.paypal ??
      (payments instanceof CompositePaymentProvider
        ? payments.offersPaypal
        : payments instanceof SandboxPaymentProvider);
    await app.register(paymentsConfigRoutes, { config: paymentsConfig(config, paypalOffered) });
  }
  // [/payments-config]
  // [stripe-webhook] `POST /api/webhooks/stripe` (Stripe part)
  if (config.stripe.webhookSecret) {
    // Imported here so that this part's wiring stays inside its block. Served whenever a signing
    // secret is configured (config.ts requires it with PAYMENT_PROVIDER=stripe).
    const [{ WebhookEventsRepository }, { stripeWebhookRoutes }] = await Promise.all([
      import('./lib/webhook-events.repository.ts'),
      import('./providers/payment/stripe/stripe-webhook.routes.ts'),
    ]);
    await app.register(stripeWebhookRoutes, {
      secret: config.stripe.webhookSecret,
      events: new WebhookEventsRepository(database.db, 'stripe'),
      reconcile: (paymentIntentId, intent) => orders.reconcileCardPayment(paymentIntentId, intent),
    });
  }
  // [/stripe-webhook]
  // [paypal-webhook] `POST /api/webhooks/paypal` (PayPal part)
  {
    // Imported here so that this part's wiring stays inside its block.
    const [
      { PaypalPaymentProvider },
      { WebhookEventsRepository },
      { PaypalWebhookService },
      { paypalWebhookRoutes },
      { paypalWebhookThrottle },
    ] = await Promise.all([
      import('./providers/payment/paypal/paypal-provider.ts'),
      import('./lib/webhook-events.repository.ts'),
      import('./providers/payment/paypal/paypal-webhook.service.ts'),
      import('./providers/payment/paypal/paypal-webhook.routes.ts'),
      import('./providers/payment/paypal/paypal-webhook-throttle.ts'),
    ]);
    // PayPal REST configured (config.ts then requires the secret and the webhook id): deliveries
    // are verified by postback with the adapter in use (one token cache); else the route answers 404.
    const { clientId, clientSecret, baseUrl, webhookId } = config.paypal;
    const webhook =
      clientId && clientSecret && webhookId
        ? new PaypalWebhookService({
            verifier:
              configuredPayments?.paypalRest ??
              new PaypalPaymentProvider({
                clientId,
                clientSecret,
                baseUrl,
                timeoutMs: config.paymentTimeoutMs,
                publicUrl: config.publicUrl,
              }),
            webhookId,
            events: new WebhookEventsRepository(database.db, 'paypal'),
            orders: ordersRepository,
            capture: (order) => orders.captureApprovedPaypal(order),
            log: app.log,
          })
        : undefined;
    // Deliveries per client address, counted before each verification postback (120 per minute).
    await app.register(paypalWebhookRoutes, { webhook, throttle: paypalWebhookThrottle(throttler) });
  }
  // [/paypal-webhook]
  // [esimgo-callback] `POST /api/webhooks/esimgo` (eSIM Go part)
  {
    // Imported here so that this part's wiring stays inside its block.
    const [{ EsimGoCallbackRepository }, { EsimGoCallbackService }, { esimGoCallbackRoutes }, { EsimGoProvider }] =
      await Promise.all([
        import('./providers/esim/esimgo/esimgo-callback.repository.ts'),
        import('./providers/esim/esimgo/esimgo-callback.service.ts'),
        import('./providers/esim/esimgo/esimgo-callback.routes.ts'),
        import('./providers/esim/esimgo/esimgo-provider.ts'),
      ]);
    // The HMAC key is the eSIM Go API key: the adapter's in use, else the configured one; with
    // neither (the sandbox without a key) every callback is refused 401.
    const key = esimProvider instanceof EsimGoProvider ? esimProvider.callbackKey : config.esimGo.apiKey;
    const callbacks = new EsimGoCallbackService({ repo: new EsimGoCallbackRepository(database.db), key, log: app.log });
    await app.register(esimGoCallbackRoutes, { callbacks });
  }
  // [/esimgo-callback]
  // [ops] `/livez`, `/readyz`, `/metrics`, request ids, the change bus (instances part)
  {
    // Imported here so that this part's wiring stays inside its block.
    const [{ ChangeBus }, { registerOps }] = await Promise.all([
      import('./lib/change-bus.ts'),
      import('./modules/ops/ops.routes.ts'),
    ]);
    // LISTEN/NOTIFY between the instances on this database: catalogue snapshots dropped everywhere
    // on a change, idle job workers woken when a job is enqueued anywhere.
    const bus = new ChangeBus({ database, log: app.log });
    catalog.useChangeBus(bus);
    jobs.useChangeBus(bus);
    await bus.start();
    app.addHook('onClose', async () => {
      await bus.close();
    });
    const opsJobs = new JobsRepository(database.db);
    await registerOps(app, {
      database,
      jobs,
      bus,
      metricsToken: config.metricsToken,
      jobStateCounts: () => opsJobs.stateCounts(),
    });
  }
  // [/ops]
  await registerWeb(app, { config, catalog, serveWeb: deps.serveWeb ?? true });
  return {
    app,
    services: {
      catalog,
      cart,
      payments: paymentsItself,
      orders,
      jobs,
      mailer,
      portal,
      usageSync,
      esimProvider: esimProviderItself,
      auth,
    },
  };
}
