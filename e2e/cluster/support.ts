import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type APIResponse, type TestInfo, expect } from '@playwright/test';
import postgres from 'postgres';
import type { ClusterState } from './settings.ts';

/**
 * Helpers of the cluster specs (test workers): the cluster the global set-up started
 * (`CLUSTER_STATE`), its control server (`CLUSTER_CONTROL_URL`: stop and start instances), its
 * database, and purchases through the API.
 */

/** The running cluster, as `global-setup.ts` described it. */
export function clusterState(): ClusterState {
  const text = process.env.CLUSTER_STATE;
  if (!text) throw new Error('CLUSTER_STATE is not set: run the cluster specs with -c cluster/playwright.config.ts');
  return JSON.parse(text) as ClusterState;
}

function controlUrl(): string {
  const url = process.env.CLUSTER_CONTROL_URL;
  if (!url)
    throw new Error('CLUSTER_CONTROL_URL is not set: run the cluster specs with -c cluster/playwright.config.ts');
  return url;
}

export interface InstanceStatus {
  index: number;
  port: number;
  url: string;
  pid: number | null;
  running: boolean;
}

/** Every instance with its current process id. */
export async function instances(): Promise<InstanceStatus[]> {
  const res = await fetch(`${controlUrl()}/instances`);
  expect(res.status).toBe(200);
  return (await res.json()) as InstanceStatus[];
}

/** Kills instance `index` (SIGKILL by default) and resolves once the process has exited. */
export async function killInstance(index: number, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  const res = await fetch(`${controlUrl()}/instances/${index}/kill?signal=${signal}`, { method: 'POST' });
  expect(res.status, await res.text()).toBe(204);
}

/** Starts instance `index` again and resolves once it is ready. */
export async function startInstance(index: number): Promise<void> {
  const res = await fetch(`${controlUrl()}/instances/${index}/start`, { method: 'POST' });
  expect(res.status, await res.text()).toBe(204);
}

/** A connection pool to the cluster's database (close it with `end()`). */
export function clusterSql(): postgres.Sql {
  return postgres(clusterState().databaseUrl, { max: 2, onnotice: () => {} });
}

/** The instance port nginx sent a request to (its `X-Upstream` header, `127.0.0.1:<port>`). */
export function upstreamOf(response: APIResponse | { headers(): Record<string, string> }): string {
  return response.headers()['x-upstream'] ?? '';
}

/**
 * `count` requests one after the other through nginx: the instances that answered, in order.
 * With round robin they alternate: a, b, a, b...
 */
export async function upstreamSequence(request: APIRequestContext, count = 6): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await request.get('/api/health');
    expect(res.status()).toBe(200);
    seen.push(upstreamOf(res));
  }
  return seen;
}

/** Asserts that consecutive requests alternated between two different instances. */
export function expectAlternating(sequence: string[]): void {
  expect(new Set(sequence).size, `upstreams ${sequence.join(' ')}`).toBe(2);
  for (let i = 1; i < sequence.length; i++)
    expect(sequence[i], `upstreams ${sequence.join(' ')}`).not.toBe(sequence[i - 1]);
}

const EXPIRY_YEAR = new Date().getUTCFullYear() + 2;

export interface ApiPurchase {
  orderNumber: string;
  accessToken: string;
  sessionId: string;
}

/**
 * A purchase as the store's pages make it, through `request`'s base URL (nginx): cart with
 * `quantity` of the product `productId`, a sandbox card token, `POST /api/checkout` with an
 * `Idempotency-Key`. Resolves when the order is paid (201), not yet provisioned.
 */
export async function purchaseViaApi(
  request: APIRequestContext,
  productId: number,
  quantity: number,
): Promise<ApiPurchase> {
  const sessionId = randomUUID();
  const headers = { 'X-Session-Id': sessionId };
  const added = await request.post('/api/cart', { headers, data: { productId, quantity } });
  expect(added.status(), await added.text()).toBe(201);
  const token = await request.post('/api/payments/sandbox/tokens', {
    headers,
    data: {
      cardholderName: 'Ada Lovelace',
      cardNumber: '4242424242424242',
      expiryMonth: 12,
      expiryYear: EXPIRY_YEAR,
      cvv: '123',
    },
  });
  expect(token.status(), await token.text()).toBe(201);
  const checkout = await request.post('/api/checkout', {
    headers: { ...headers, 'Idempotency-Key': randomUUID() },
    data: {
      customer: { fullName: 'Ada Lovelace', email: `cluster-${randomUUID().slice(0, 8)}@example.com` },
      payment: { method: 'card', token: ((await token.json()) as { token: string }).token },
      acceptTerms: true,
      language: 'en',
    },
  });
  expect(checkout.status(), await checkout.text()).toBe(201);
  const { orderNumber, accessToken } = (await checkout.json()) as { orderNumber: string; accessToken: string };
  return { orderNumber, accessToken, sessionId };
}

/** The Turkey prepaid plans of the catalogue (`GET /api/products?country=TR&type=prepaid`). */
export async function turkeyPlans(
  request: APIRequestContext,
): Promise<{ productId: number; apiBundleName: string; priceCents: number }[]> {
  const res = await request.get('/api/products?country=TR&type=prepaid');
  expect(res.status()).toBe(200);
  const { products } = (await res.json()) as {
    products: { productId: number; apiBundleName: string; priceCents: number }[];
  };
  expect(products.length).toBeGreaterThan(1);
  return products;
}

/** On failure, the last lines of every instance's, the fakes' and nginx's logs go into the report. */
export async function attachLogs(testInfo: TestInfo): Promise<void> {
  if (testInfo.status === testInfo.expectedStatus) return;
  const { dir } = clusterState();
  for (const file of ['instance-1.log', 'instance-2.log', 'fakes.log', 'nginx/error.log', 'nginx/access.log']) {
    const full = path.join(dir, file);
    if (!fs.existsSync(full)) continue;
    const text = fs.readFileSync(full, 'utf8').split('\n').slice(-80).join('\n');
    await testInfo.attach(file.replace('/', '-'), { body: text, contentType: 'text/plain' });
  }
}
