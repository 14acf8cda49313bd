import fastifyHelmet from '@fastify/helmet';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import {
  type ZodTypeProvider,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type Database, ping } from './db/client.ts';
import { CartRepository } from './modules/cart/cart.repository.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { CartService } from './modules/cart/cart.service.ts';
import { CatalogRepository } from './modules/catalog/catalog.repository.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { CatalogService } from './modules/catalog/catalog.service.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerWeb } from './plugins/web.ts';
import type { EsimProvider } from './providers/esim/esim-provider.ts';
import { SandboxEsimProvider } from './providers/esim/sandbox.ts';

/** What `buildApp` composes; tests pass their own database and provider fakes. */
export interface AppDeps {
  config: Config;
  database: Database;
  esimProvider?: EsimProvider;
  /** Serve the built storefront (default true); API tests turn it off. */
  serveWeb?: boolean;
}

/** The services built for one app instance, exposed for start-up tasks and tests. */
export interface AppServices {
  catalog: CatalogService;
  cart: CartService;
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
        : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
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

  const esimProvider = deps.esimProvider ?? new SandboxEsimProvider();
  const catalog = new CatalogService(new CatalogRepository(database.db), esimProvider);
  const cart = new CartService(new CartRepository(database.db), catalog);

  await registerOpenApi(app);
  app.get('/api/health', { schema: { hide: true } }, async () => {
    await ping(database.db);
    return { status: 'ok', database: database.driver };
  });
  await app.register(catalogRoutes, { catalog, maxAgeS: config.catalogueMaxAgeS });
  await app.register(cartRoutes, { cart });
  await registerWeb(app, { config, catalog, serveWeb: deps.serveWeb ?? true });
  return { app, services: { catalog, cart } };
}
