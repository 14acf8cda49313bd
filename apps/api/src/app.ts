import fastifyHelmet from '@fastify/helmet';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import {
  type ZodTypeProvider,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type Database, ping } from './db/client.ts';
import { Idempotency } from './lib/idempotency.ts';
import { IdempotencyRepository } from './lib/idempotency.repository.ts';
import { JobQueue, type JobQueueOptions } from './lib/jobs.ts';
import { JobsRepository } from './lib/jobs.repository.ts';
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
import { portalRoutes } from './modules/portal/portal.routes.ts';
import { PortalService } from './modules/portal/portal.service.ts';
import { UsageSyncService } from './modules/portal/usage-sync.service.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerWeb } from './plugins/web.ts';
import type { EsimProvider } from './providers/esim/esim-provider.ts';
import { SandboxEsimProvider } from './providers/esim/sandbox.ts';
import { sandboxEsimRoutes } from './providers/esim/sandbox-device.routes.ts';
import { simulatorPath } from './providers/esim/sandbox-device-page.ts';
import type { Mailer } from './providers/mail/mailer.ts';
import { createMailer } from './providers/mail/nodemailer-mailer.ts';
import type { PaymentProvider } from './providers/payment/payment-provider.ts';
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
            ],
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    trustProxy: true,
    bodyLimit: 1_048_576,
    routerOptions: { caseSensitive: true, ignoreTrailingSlash: true },
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and the toast library set inline styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  });

  const esimProvider = deps.esimProvider ?? new SandboxEsimProvider({ db: database.db, latencyMs: config.esimSandbox.latencyMs });
  const catalog = new CatalogService(new CatalogRepository(database.db), esimProvider);
  const cart = new CartService(new CartRepository(database.db), catalog);
  const payments =
    deps.paymentProvider ??
    new SandboxPaymentProvider({ db: database.db, publicBaseUrl: config.publicUrl, secret: config.paymentSandboxSecret });
  const mailer = deps.mailer ?? createMailer(config, database);
  const jobs = new JobQueue(new JobsRepository(database.db), { leaseMs: config.jobs.leaseMs, ...deps.jobOptions }, app.log);
  const ordersRepository = new OrdersRepository(database.db);
  const idempotency = new Idempotency(new IdempotencyRepository(database.db));
  const orders = new OrdersService({ repo: ordersRepository, cart, payments, idempotency, jobs });
  const publicOrigin = config.publicUrl ?? `http://localhost:${config.port}`;
  new FulfilmentService({ repo: ordersRepository, esimProvider, mailer, publicOrigin, jobs }).register(jobs);
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
  await app.register(catalogRoutes, { catalog, maxAgeS: config.catalogueMaxAgeS });
  await app.register(cartRoutes, { cart });
  await app.register(ordersRoutes, { orders });
  await app.register(portalRoutes, { portal, rateLimitPerMinute: config.portal.rateLimitPerMinute });
  // Before the storefront: its not-found handler would answer these paths with the SPA.
  await app.register(emailPreviewRoutes, { config });
  // The sandbox's own pages (`/sandbox/paypal/*`) and tokenisation endpoint; explicit routes win
  // over the storefront's not-found handler whatever the order.
  if (payments instanceof SandboxPaymentProvider) await app.register(sandboxPaymentRoutes, { sandbox: payments });
  // The sandbox eSIM provider's device simulator (`/sandbox/esims/*`), only when it is in use.
  if (sandboxEsims) await app.register(sandboxEsimRoutes, { sandbox: sandboxEsims });
  await registerWeb(app, { config, catalog, serveWeb: deps.serveWeb ?? true });
  return { app, services: { catalog, cart, payments, orders, jobs, mailer, portal, usageSync, esimProvider } };
}
