import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CheckoutResponse } from '@esim/contract/checkout';
import type { ProductsResponse } from '@esim/contract/catalog';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { emailMessages } from '../modules/email/email.schema.ts';
import { orders } from '../modules/orders/orders.schema.ts';
import { openTestDatabase, testConfig } from '../../test/helper.ts';
import { checkoutBody, client, createOrdersTestApp, newKey, newSession } from '../../test/orders-fixtures.ts';

/**
 * Forwarded headers are believed only from the proxies in `TRUST_PROXY`, and absolute
 * URLs come from `PUBLIC_URL` alone, never from `Host` or `X-Forwarded-*` (decision record 0013).
 */

const EVIL = 'evil.example';
const spoofed = {
  host: EVIL,
  'x-forwarded-host': EVIL,
  'x-forwarded-proto': 'https',
  'x-forwarded-for': '198.51.100.7',
};

/** A storefront build with just an `index.html`, so that page metadata is rendered. */
function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><!--app-head--></head><body></body></html>',
  );
  return dir;
}

async function storefront(env: NodeJS.ProcessEnv): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const database = await openTestDatabase();
  const { app, services } = await buildApp({
    config: testConfig({ WEB_DIST: fakeWebDist(), ...env }),
    database,
    serveWeb: true,
  });
  await services.catalog.ensureSeeded();
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

describe('absolute URLs come from PUBLIC_URL, never from request headers', () => {
  let store: Awaited<ReturnType<typeof storefront>>;
  let fallback: Awaited<ReturnType<typeof storefront>>;
  beforeAll(async () => {
    store = await storefront({ PUBLIC_URL: 'https://shop.test/' });
    fallback = await storefront({ PORT: '5123', TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => {
    await store?.close();
    await fallback?.close();
  });

  it.each(['/', '/en/turkey', '/products', '/robots.txt', '/sitemap.xml'])('%s names no spoofed host', async (url) => {
    const res = await store.app.inject({ method: 'GET', url, headers: spoofed });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(EVIL);
    expect(res.body).toContain('https://shop.test/');
  });

  it('writes canonical and social links with PUBLIC_URL', async () => {
    const html = (await store.app.inject({ method: 'GET', url: '/en/turkey', headers: spoofed })).body;
    expect(html).toContain('<link rel="canonical" href="https://shop.test/en/turkey">');
    expect(html).toContain('<meta property="og:url" content="https://shop.test/en/turkey">');
  });

  it('falls back to http://localhost:<PORT> without PUBLIC_URL, even from a trusted proxy', async () => {
    for (const url of ['/en/turkey', '/robots.txt', '/sitemap.xml']) {
      const res = await fallback.app.inject({ method: 'GET', url, headers: spoofed });
      expect(res.body, url).not.toContain(EVIL);
      expect(res.body, url).toContain('http://localhost:5123/');
    }
  });

  it('keeps a spoofed host out of the confirmation e-mail', async () => {
    const ctx = await createOrdersTestApp({ env: { PUBLIC_URL: 'https://shop.test' } });
    try {
      const api = client(ctx.app);
      const session = newSession();
      const products = (
        await ctx.app.inject({ method: 'GET', url: '/api/products?country=TR' })
      ).json<ProductsResponse>().products;
      await api.addToCart(session, products[0]!.productId);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/checkout',
        headers: {
          ...spoofed,
          'content-type': 'application/json',
          'x-session-id': session,
          'idempotency-key': newKey(),
        },
        payload: JSON.stringify(checkoutBody({ method: 'card', token: await api.cardToken() })),
      });
      expect(res.statusCode, res.body).toBe(201);
      await ctx.services.jobs.runUntilIdle();
      const [order] = await ctx.database.db
        .select()
        .from(orders)
        .where(eq(orders.orderNumber, res.json<CheckoutResponse>().orderNumber));
      const [mail] = await ctx.database.db.select().from(emailMessages).where(eq(emailMessages.orderId, order!.id));
      expect(mail!.html).toContain('https://shop.test/portal#token=');
      expect(mail!.html + mail!.text).not.toContain(EVIL);
    } finally {
      await ctx.close();
    }
  });
});

describe('X-Forwarded-For is believed only from TRUST_PROXY', () => {
  /** Wrong-token portal requests from `remoteAddress`, each with a new `X-Forwarded-For`. */
  async function statuses(app: FastifyInstance, count: number, remoteAddress: string): Promise<number[]> {
    const out: number[] = [];
    for (let i = 0; i < count; i++) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/portal',
        remoteAddress,
        headers: { 'x-access-token': 'x'.repeat(43), 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      out.push(res.statusCode);
    }
    return out;
  }

  it('does not let a client reset the portal rate limit by rotating X-Forwarded-For (default: trust nobody)', async () => {
    const ctx = await createOrdersTestApp({ env: { PORTAL_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      expect(await statuses(ctx.app, 6, '127.0.0.1')).toEqual([401, 401, 401, 429, 429, 429]);
    } finally {
      await ctx.close();
    }
  });

  it('ignores X-Forwarded-For from an address outside TRUST_PROXY', async () => {
    const ctx = await createOrdersTestApp({ env: { PORTAL_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '10.0.0.0/8' } });
    try {
      expect(await statuses(ctx.app, 5, '192.0.2.10')).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await ctx.close();
    }
  });

  it('uses the forwarded client address from a trusted proxy, so clients behind it are limited one by one', async () => {
    const ctx = await createOrdersTestApp({
      env: { PORTAL_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' },
    });
    try {
      expect(await statuses(ctx.app, 6, '10.1.2.3')).toEqual(Array(6).fill(401));
      const seen = await ctx.app.inject({
        method: 'GET',
        url: '/api/portal',
        remoteAddress: '127.0.0.1',
        headers: { 'x-access-token': 'x'.repeat(43), 'x-forwarded-for': '203.0.113.1' },
      });
      // 203.0.113.1 already spent one of its three requests above.
      expect(seen.statusCode).toBe(401);
    } finally {
      await ctx.close();
    }
  });
});
