import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI document generated from the routes' zod schemas, so the published API cannot drift from
 * what the routes validate: JSON at
 * `/api/openapi.json`, browsable at `/api/docs`.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Roamwise eSIM store API', version: '1.0.0', description: 'Travel eSIM store HTTP API' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    // Swagger UI's own policy (its scripts and styles are files: no 'unsafe-inline'), with the
    // app's framing and base rules (decision record 0010; plugins/security-headers.ts).
    staticCSP: true,
    transformStaticCSP: (header) =>
      header.replace("base-uri 'self'", "base-uri 'none'").replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
