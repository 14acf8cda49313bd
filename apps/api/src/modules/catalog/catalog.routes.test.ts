import type { CountriesResponse, ProductResponse, ProductsResponse } from '@esim/contract/catalog';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helper.ts';
import { type AdminFields, CatalogRepository, type ProductRow } from './catalog.repository.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

describe('GET /api/products', () => {
  it('lists every active product with cache headers', async () => {
    const res = await get('/api/products');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    const { products } = res.json<ProductsResponse>();
    expect(products.length).toBeGreaterThan(2000);
    for (const p of products.slice(0, 50)) {
      expect(Number.isInteger(p.priceCents)).toBe(true);
      expect(p.price).toBeCloseTo(p.priceCents / 100, 5);
      expect(p.currency).toBe('USD');
    }
  });

  it('filters by country code, slug and region', async () => {
    const byCode = (await get('/api/products?country=TR')).json<ProductsResponse>().products;
    expect(byCode.length).toBeGreaterThan(5);
    expect(byCode.every((p) => p.countryCode === 'TR' && p.features.type === 'local')).toBe(true);
    expect(byCode.map((p) => p.apiBundleName)).toContain('esim_1GB_7D_TR_V2');
    expect(byCode.some((p) => p.features.tier === 'unlimited_plus')).toBe(true);
    const bySlug = (await get('/api/products?country=turkey')).json<ProductsResponse>().products;
    expect(bySlug.map((p) => p.productId)).toEqual(byCode.map((p) => p.productId));
    const region = (await get('/api/products?country=europe-plus')).json<ProductsResponse>().products;
    expect(region.length).toBeGreaterThan(0);
    expect(region.every((p) => p.countryCode === 'Europe+' && p.features.type === 'regional')).toBe(true);
    expect(region[0]?.features.coveredCountries).toEqual(expect.arrayContaining(['FR', 'TR']));
    const global = (await get('/api/products?country=Global')).json<ProductsResponse>().products;
    expect(global.every((p) => p.features.type === 'global')).toBe(true);
  });

  it('filters by bundle type and search text, and gives an empty list for an unknown destination', async () => {
    const unlimited = (await get('/api/products?country=TR&type=unlimited')).json<ProductsResponse>().products;
    expect(unlimited.length).toBeGreaterThan(0);
    expect(unlimited.every((p) => p.features.bundleType === 'unlimited' && p.features.dataMb === null)).toBe(true);
    expect(unlimited[0]?.features.dataAmount).toBe('Unlimited');
    const found = (await get('/api/products?q=turk')).json<ProductsResponse>().products;
    expect(found.some((p) => p.countryCode === 'TR')).toBe(true);
    const foldedTurkish = (await get(`/api/products?q=${encodeURIComponent('türkiye')}`)).json<ProductsResponse>()
      .products;
    expect(foldedTurkish.some((p) => p.countryCode === 'TR')).toBe(true);
    const none = (await get('/api/products?country=atlantis')).json<ProductsResponse>().products;
    expect(none).toEqual([]);
  });

  it('answers 304 to a matching If-None-Match and compresses on request', async () => {
    const first = await get('/api/products?country=TR');
    const again = await get('/api/products?country=TR', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const gz = await get('/api/products?country=TR', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(first.json());
  });

  it.each([
    ['/api/products?type=foo', 'type'],
    ['/api/products?country=%3Cscript%3E', 'country'],
    [`/api/products?country=${'x'.repeat(41)}`, 'country'],
    [`/api/products?q=${'x'.repeat(101)}`, 'q'],
  ])('rejects %s with a 400 naming %s', async (url, field) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'validation_error', message: expect.any(String), field } });
  });
});

describe('GET /api/products/{id}', () => {
  it('returns one product with its networks', async () => {
    const [first] = (await get('/api/products?country=TR')).json<ProductsResponse>().products;
    const res = await get(`/api/products/${first?.productId}`);
    expect(res.statusCode).toBe(200);
    const { product } = res.json<ProductResponse>();
    expect(product).toEqual(first);
    expect(res.headers.etag).toBeDefined();
  });

  it('answers 404 with a JSON error for an unknown id', async () => {
    const res = await get('/api/products/999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Product 999999 not found' } });
  });

  it.each(['abc', '-1', '0', '1.5', '99999999999'])('answers 400 naming id for /api/products/%s', async (id) => {
    const res = await get(`/api/products/${id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { field: string } }>().error.field).toBe('id');
  });
});

describe('GET /api/countries', () => {
  it('lists destinations with localised names, type, plan count and lowest price', async () => {
    const res = await get('/api/countries');
    expect(res.statusCode).toBe(200);
    const { countries } = res.json<CountriesResponse>();
    const turkey = countries.find((c) => c.code === 'TR');
    expect(turkey).toMatchObject({ slug: 'turkey', type: 'local', region: 'Europe+', flag: 'tr' });
    expect(turkey?.names.en).toBe('Turkey');
    expect(turkey?.names.tr).toBe('Türkiye');
    expect(turkey?.names.de).toBe('Türkei');
    expect(turkey?.planCount).toBeGreaterThan(5);
    const products = (await get('/api/products?country=TR')).json<ProductsResponse>().products;
    expect(turkey?.fromPriceCents).toBe(Math.min(...products.map((p) => p.priceCents)));
    expect(countries.find((c) => c.code === 'Europe+')).toMatchObject({ slug: 'europe-plus', type: 'regional' });
    expect(countries.find((c) => c.code === 'Global')).toMatchObject({ slug: 'global', type: 'global' });
    for (const special of ['CYP', 'US-HI', 'US', 'GB', 'AE', 'KR']) {
      expect(
        countries.find((c) => c.code === special),
        special,
      ).toBeDefined();
    }
    expect(countries.find((c) => c.code === 'US')?.slug).toBe('usa');
    expect(countries.find((c) => c.code === 'AE')?.slug).toBe('uae');
    expect(countries.length).toBeGreaterThan(240);
    expect(new Set(countries.map((c) => c.slug)).size).toBe(countries.length);
  });
});

describe('catalogue sync and pricing', () => {
  it('is idempotent: a second sync changes nothing', async () => {
    const counts = await ctx.services.catalog.sync();
    expect(counts).toMatchObject({ added: 0, updated: 0, deactivated: 0 });
    expect(counts.unchanged).toBeGreaterThan(2000);
  });

  it('recalculates prices without changes when the rules did not change', async () => {
    const result = await ctx.services.catalog.recalculatePrices();
    expect(result.changed).toBe(0);
    expect(result.checked).toBeGreaterThan(2000);
  });
});

describe('robustness', () => {
  it('answers unknown API paths and malformed bodies with JSON 4xx, never a stack trace', async () => {
    const unknown = await get('/api/nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { code: 'not_found' } });
    const badJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { 'content-type': 'application/json' },
      payload: '{"oops',
    });
    expect(badJson.statusCode).toBeGreaterThanOrEqual(400);
    expect(badJson.statusCode).toBeLessThan(500);
    expect(badJson.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('serves robots.txt and a sitemap with every country page in every language', async () => {
    const robots = await get('/robots.txt');
    expect(robots.body).toContain('Sitemap: ');
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    for (const lang of ['en', 'tr', 'es', 'fr', 'de']) {
      expect(sitemap.body).toContain(`/${lang}/turkey</loc>`);
      expect(sitemap.body).toContain(`/${lang}/europe-plus</loc>`);
    }
  });

  it('serves the OpenAPI document', async () => {
    const res = await get('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json<{ paths: object }>().paths)).toEqual(
      expect.arrayContaining(['/api/products', '/api/products/{id}', '/api/countries']),
    );
  });
});

describe("the admin's changes on the storefront", () => {
  it('shows the display name, hides a disabled plan, lists featured plans first and sells at the fixed price, at once', async () => {
    const repo = new CatalogRepository(ctx.database.db);
    const rows = (await repo.allProducts()).filter((r) => r.countryCode === 'LI' && r.active);
    const [renamed, hidden, featured] = rows.slice(-3);
    const write = (row: ProductRow, next: Partial<AdminFields>) => {
      const expected: AdminFields = {
        displayName: row.displayName,
        fixedPriceCents: row.fixedPriceCents,
        discountPercent: row.discountPercent,
        enabled: row.enabled,
        featured: row.featured,
        priceCents: row.priceCents,
      };
      return { id: row.id, expected, next: { ...expected, ...next } };
    };
    const written = await repo.writeAdminFields([
      write(renamed!, {
        displayName: 'Liechtenstein Alpine Pass',
        fixedPriceCents: 777,
        priceCents: 777,
        discountPercent: 12,
      }),
      write(hidden!, { enabled: false }),
      write(featured!, { featured: true }),
    ]);
    expect(written).toHaveLength(3);
    ctx.services.catalog.invalidate();

    const list = (await get('/api/products?country=LI')).json<ProductsResponse>().products;
    expect(list[0]).toMatchObject({ productId: featured!.id, featured: true });
    expect(list.find((p) => p.productId === hidden!.id)).toBeUndefined();
    expect(list.find((p) => p.productId === renamed!.id)).toMatchObject({
      name: 'Liechtenstein Alpine Pass',
      priceCents: 777,
      price: 7.77,
      featured: false,
      features: { discountPercent: 12 },
    });
    expect((await get(`/api/products/${hidden!.id}`)).statusCode).toBe(404);
    expect(
      (await get('/api/products?q=alpine%20pass')).json<ProductsResponse>().products.map((p) => p.productId),
    ).toEqual([renamed!.id]);
    // Carts embed only products on sale.
    const embedded = await ctx.services.catalog.activeProducts([renamed!.id, hidden!.id]);
    expect([...embedded.keys()]).toEqual([renamed!.id]);
    // Recalculation keeps the fixed price; a sync keeps every admin field.
    await ctx.services.catalog.recalculatePrices();
    await ctx.services.catalog.sync();
    const after = (await get('/api/products?country=LI')).json<ProductsResponse>().products;
    expect(after.find((p) => p.productId === renamed!.id)).toMatchObject({
      name: 'Liechtenstein Alpine Pass',
      priceCents: 777,
    });
    expect(after.find((p) => p.productId === hidden!.id)).toBeUndefined();
    expect(after[0]?.productId).toBe(featured!.id);

    await repo.writeAdminFields([
      write(
        (await repo.allProducts()).find((r) => r.id === renamed!.id)!,
        { displayName: null, fixedPriceCents: null, priceCents: renamed!.priceCents, discountPercent: 0 },
      ),
      write(
        (await repo.allProducts()).find((r) => r.id === hidden!.id)!,
        { enabled: true },
      ),
      write(
        (await repo.allProducts()).find((r) => r.id === featured!.id)!,
        { featured: false },
      ),
    ]);
    ctx.services.catalog.invalidate();
    expect((await get('/api/products?country=LI')).json<ProductsResponse>().products).toHaveLength(list.length + 1);
  });
});
