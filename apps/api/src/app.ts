import Fastify, { type FastifyInstance } from 'fastify';
import { type ZodTypeProvider, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type Database, ping } from './db/client.ts';
import { buildInfrastructure } from './infrastructure.ts';
import type { JobQueue, JobQueueOptions } from './lib/jobs.ts';
import type { Schedules } from './lib/schedules.ts';
import { registerTextGuard } from './lib/text-guard.ts';
import { adminModule, auditAdminCalls } from './modules/admin/admin.module.ts';
import { type AuthService, authModule } from './modules/auth/auth.module.ts';
import { type CatalogService, catalogModule } from './modules/catalog/catalog.module.ts';
import { type ChatModule, chatModule } from './modules/chat/chat.module.ts';
import { emailModule } from './modules/email/email.module.ts';
import { opsModule } from './modules/ops/ops.module.ts';
import { type OrdersService, type UsageSyncService, ordersModule } from './modules/orders/orders.module.ts';
import { sandboxModule } from './modules/sandbox/sandbox.module.ts';
import { supportModule } from './modules/support/support.module.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { fastifyOptions } from './plugins/fastify-options.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurityHeaders, stripePageSources } from './plugins/security-headers.ts';
import { registerWeb } from './plugins/web.ts';
import type { EsimProvider } from './providers/esim/esim-provider.ts';
import type { Mailer } from './providers/mail/mailer.ts';
import type { PaymentProvider } from './providers/payment/payment-provider.ts';

/** What `buildApp` composes; tests pass their own database and provider fakes. */
export interface AppDeps {
  config: Config;
  database: Database;
  /** Default: the one `ESIM_PROVIDER` names. */
  esimProvider?: EsimProvider;
  /** Default: those `PAYMENT_PROVIDER` and `PAYPAL_CLIENT_ID` name; the sandbox's pages are served when it takes part. */
  paymentProvider?: PaymentProvider;
  /** Where log lines go (default stdout); tests capture them to prove that no card data is logged. */
  logStream?: { write(line: string): void };
  mailer?: Mailer;
  /** Job worker tuning, e.g. short backoff in tests. */
  jobOptions?: Partial<JobQueueOptions>;
  /** Serve the built storefront (default true); API tests turn it off. */
  serveWeb?: boolean;
}

/** The services of one app instance that `server.ts`, the admin CLI and tests use. */
export interface AppServices {
  auth: AuthService;
  catalog: CatalogService;
  chat: ChatModule;
  orders: OrdersService;
  usageSync: UsageSyncService;
  /** The durable job worker: `server.ts` starts and stops it; tests call `runUntilIdle()`. */
  jobs: JobQueue;
  /** The recurring work the modules declared: `server.ts` starts it once the worker runs. */
  schedules: Schedules;
  mailer: Mailer;
  /** The providers themselves, not their metered wrappers (a test's spy on them sees every call). */
  esimProvider: EsimProvider;
  payments: PaymentProvider;
}

/**
 * Builds the Fastify app from the modules, in the order of their dependencies (decision record
 * 0026). Never listens: `server.ts` does.
 */
export async function buildApp(deps: AppDeps): Promise<{ app: FastifyInstance; services: AppServices }> {
  const { config, database } = deps;
  const app = Fastify(fastifyOptions(config, deps.logStream)).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerTextGuard(app);
  const payment = config.paymentProvider === 'stripe' ? stripePageSources(config.stripe) : undefined;
  registerSecurityHeaders(app, { payment });
  await registerOpenApi(app);
  app.get('/api/health', { schema: { hide: true } }, async () => {
    await ping(database.db);
    return { status: 'ok', database: database.driver };
  });

  const { ctx, esimProvider } = buildInfrastructure(app, deps);
  const { auth } = await authModule(ctx);
  auditAdminCalls(ctx);
  const email = await emailModule(ctx);
  const { catalog } = await catalogModule(ctx, { auth });
  const { simulatorUrl } = await sandboxModule(ctx);
  const orders = await ordersModule(ctx, { auth, catalog, emailLog: email.log, simulatorUrl });
  await adminModule(ctx, { auth, orders, emailLog: email.log });
  const chat = await chatModule(ctx, { auth, catalog, orders });
  await supportModule(ctx, { auth, emailLog: email.log });
  await opsModule(ctx, { catalog });
  await registerWeb(app, { config, catalog, serveWeb: deps.serveWeb ?? true });
  const { jobs, schedules, mailer, paymentProviders } = ctx;
  const services = {
    auth,
    catalog,
    chat,
    orders: orders.orders,
    usageSync: orders.usageSync,
    jobs,
    schedules,
    mailer,
    esimProvider,
  };
  return { app, services: { ...services, payments: paymentProviders.payments } };
}
