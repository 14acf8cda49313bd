import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { type APIRequestContext, expect, test } from '../support/test.ts';
import { attachLogs, clusterState, expectAlternating, upstreamOf } from './support.ts';

/**
 * A price change made through one instance is served by the other within a second (the change
 * bus drops every instance's catalogue snapshot; decision record 0020). The admin prices one
 * Turkey plan up on instance 1 (its own port, not through nginx), and instance 2 is asked for the
 * catalogue until the new price shows; then the rule is removed and the old price comes back the
 * same way. Also checked through nginx: both instances answer the new price.
 */

const repoRoot = path.resolve(import.meta.dirname, '../..');
const PASSWORD = `cluster admin ${randomUUID()}`;
const USERNAME = `cluster-admin-${randomUUID().slice(0, 8)}`;

/** An admin in the cluster's database, made with `npm run admin:create`'s CLI. */
async function createAdmin(): Promise<void> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: clusterState().databaseUrl,
    ...clusterState().secrets,
    LOG_LEVEL: 'warn',
    ADMIN_USERNAME: USERNAME,
    ADMIN_EMAIL: `${USERNAME}@example.com`,
    ADMIN_PASSWORD: PASSWORD,
    ADMIN_FIRST_NAME: 'Cluster',
    ADMIN_LAST_NAME: 'Admin',
  };
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/modules/auth/admin-cli.ts'], {
      cwd: repoRoot,
      env,
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', resolve);
  });
  expect(code, 'admin:create').toBe(0);
}

interface Plan {
  productId: number;
  apiBundleName: string;
  priceCents: number;
}

async function plan(request: APIRequestContext, base: string, bundle: string): Promise<Plan & { upstream: string }> {
  const res = await request.get(`${base}/api/products?country=TR`);
  expect(res.status()).toBe(200);
  const { products } = (await res.json()) as { products: Plan[] };
  const found = products.find((p) => p.apiBundleName === bundle);
  expect(found, bundle).toBeDefined();
  return { ...found!, upstream: upstreamOf(res) };
}

/** Asks `base` for the plan every 25 ms until its price is `cents`; resolves with the ms it took from `since`. */
async function waitForPrice(
  request: APIRequestContext,
  base: string,
  bundle: string,
  cents: number,
  since: number,
): Promise<number> {
  for (;;) {
    if ((await plan(request, base, bundle)).priceCents === cents) return performance.now() - since;
    if (performance.now() - since > 5_000)
      throw new Error(`${base} still does not sell ${bundle} at ${cents} cents after 5 s`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

// Playwright requires a destructuring pattern for the fixtures, even when none is used.
// eslint-disable-next-line no-empty-pattern
test.afterEach(async ({}, testInfo) => attachLogs(testInfo));

test('a price change made through one instance is on the other within a second', async ({ request }) => {
  const { url, instances } = clusterState();
  const [one, two] = [instances[0]!, instances[1]!];
  const origin = { Origin: url };
  await createAdmin();
  const login = await request.post(`${one.url}/api/login`, {
    headers: origin,
    data: { username: USERNAME, password: PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);

  // Both instances hold the catalogue (their snapshots are warm) and agree on the price.
  const { products } = (await (await request.get(`${two.url}/api/products?country=TR&type=prepaid`)).json()) as {
    products: Plan[];
  };
  const bundle = products[0]!.apiBundleName;
  const before = await plan(request, two.url, bundle);
  expect((await plan(request, one.url, bundle)).priceCents).toBe(before.priceCents);

  // The rule (+200 %) and its recalculation, through instance 1.
  const created = await request.post(`${one.url}/api/pricing-settings`, {
    headers: origin,
    data: {
      name: `Cluster ${randomUUID().slice(0, 6)}`,
      scope: 'bundle',
      scopeValue: bundle,
      markupBps: 20_000,
      priority: 1_000,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { setting } = (await created.json()) as { setting: { id: number } };
  try {
    const applied = await request.post(`${one.url}/api/pricing-settings/recalculate`, { headers: origin });
    const appliedAt = performance.now();
    expect(applied.status(), await applied.text()).toBe(200);
    const after = await plan(request, one.url, bundle);
    expect(after.priceCents).not.toBe(before.priceCents);

    const took = await waitForPrice(request, two.url, bundle, after.priceCents, appliedAt);
    console.error(`cluster: instance 2 served the new price ${Math.round(took)} ms after instance 1 applied it`);
    expect(took).toBeLessThan(1_000);

    // Through nginx, both instances (alternating) answer the new price.
    const seen = [await plan(request, url, bundle), await plan(request, url, bundle)];
    expectAlternating(seen.map((p) => p.upstream));
    for (const p of seen) expect(p.priceCents).toBe(after.priceCents);
  } finally {
    // The old price back, the same way.
    expect((await request.delete(`${one.url}/api/pricing-settings/${setting.id}`, { headers: origin })).status()).toBe(
      200,
    );
    const restored = await request.post(`${one.url}/api/pricing-settings/recalculate`, { headers: origin });
    const restoredAt = performance.now();
    expect(restored.status()).toBe(200);
    expect(await waitForPrice(request, two.url, bundle, before.priceCents, restoredAt)).toBeLessThan(1_000);
  }
});
