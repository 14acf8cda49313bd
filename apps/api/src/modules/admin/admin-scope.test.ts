import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServices, buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { adminAuditLog } from './admin.schema.ts';
import { signIn } from '../../../test/accounts.ts';
import { openTestDatabase, testConfig } from '../../../test/helper.ts';

/** The admin scope on its smallest route (`GET /api/admin/ping`): guard, no-store, audit. */
let app: FastifyInstance;
let services: AppServices;
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app, services } = await buildApp({
    config: testConfig({ ADMIN_REQUIRE_2FA: 'true' }),
    database,
    serveWeb: false,
  }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('adminScope', () => {
  it('refuses anonymous (401), customers (403) and admins without 2FA when required (403), and audits admin calls', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/admin/ping' })).statusCode).toBe(401);
    const customer = await signIn(app, services, database);
    const refused = await app.inject({ method: 'GET', url: '/api/admin/ping', headers: customer.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'forbidden', message: 'Admin privileges required' } });
    const no2fa = await signIn(app, services, database, { admin: true });
    const needs = await app.inject({ method: 'GET', url: '/api/admin/ping', headers: no2fa.headers });
    expect(needs.json()).toMatchObject({ error: { code: 'two_factor_setup_required' } });
    const admin = await signIn(app, services, database, { admin: true, twoFactor: true });
    const ok = await app.inject({ method: 'GET', url: '/api/admin/ping', headers: admin.headers });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    // The entry is written once the answer is sent (`onResponse`), so it may land just after.
    let rows: (typeof adminAuditLog.$inferSelect)[] = [];
    for (let i = 0; i < 50 && rows.length === 0; i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      rows = await database.db.select().from(adminAuditLog).where(eq(adminAuditLog.username, admin.username));
    }
    expect(rows).toMatchObject([{ action: 'GET /api/admin/ping', statusCode: 200, userId: admin.userId }]);
  });
});
