/**
 * The checkout benchmark of `npm run bench` (budget `BUDGET.checkoutMs` in `run.ts`): the
 * whole purchase as a visitor's browser drives it, timed end to end:
 *
 *   POST /api/cart -> POST /api/payments/sandbox/tokens -> POST /api/checkout (card 4242...)
 *   -> GET /api/orders/{orderNumber} until every eSIM is provisioned (the confirmation e-mail is
 *   queued in the same transaction as the last eSIM).
 *
 * Each checkout uses a new visitor session id and idempotency key. `concurrency` visitors run at
 * once; the report gives p50/p95/p99 latency in ms and completed checkouts per second.
 */
import { randomUUID } from 'node:crypto';

/** Figures of one checkout run. */
export interface CheckoutRun {
  checkouts: number;
  concurrency: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  checkoutsPerS: number;
  errors: number;
}

const POLL_MS = 10;
const PROVISION_TIMEOUT_MS = 30_000;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

async function call(baseUrl: string, path: string, init: RequestInit & { session: string }): Promise<unknown> {
  const { session, headers, ...rest } = init;
  const response = await fetch(baseUrl + path, {
    ...rest,
    headers: { 'Content-Type': 'application/json', 'X-Session-Id': session, ...headers },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : undefined;
}

/** One full checkout; resolves with its latency in ms. */
async function checkoutOnce(baseUrl: string, productId: number): Promise<number> {
  const session = randomUUID();
  const started = performance.now();
  await call(baseUrl, '/api/cart', { method: 'POST', session, body: JSON.stringify({ productId, quantity: 1 }) });
  const { token } = (await call(baseUrl, '/api/payments/sandbox/tokens', {
    method: 'POST',
    session,
    body: JSON.stringify({
      cardholderName: 'Bench Mark',
      cardNumber: '4242424242424242',
      expiryMonth: 12,
      expiryYear: new Date().getUTCFullYear() + 3,
      cvv: '123',
    }),
  })) as { token: string };
  const { orderNumber } = (await call(baseUrl, '/api/checkout', {
    method: 'POST',
    session,
    headers: { 'Idempotency-Key': randomUUID() },
    body: JSON.stringify({
      customer: { fullName: 'Bench Mark', email: 'bench@example.com' },
      payment: { method: 'card', token },
      acceptTerms: true,
      language: 'en',
    }),
  })) as { orderNumber: string };
  const deadline = Date.now() + PROVISION_TIMEOUT_MS;
  for (;;) {
    const order = (await call(baseUrl, `/api/orders/${orderNumber}`, { session })) as { esims: unknown[] };
    if (order.esims.length >= 1) return performance.now() - started;
    if (Date.now() > deadline) throw new Error(`${orderNumber} was not provisioned within ${PROVISION_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Runs `checkouts` full checkouts of the product `productId`, `concurrency` at a time.
 * Failed checkouts count as errors and are left out of the latency figures.
 */
export async function measureCheckout(
  baseUrl: string,
  { checkouts, concurrency, productId }: { checkouts: number; concurrency: number; productId: number },
): Promise<CheckoutRun> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const visitor = async () => {
    while (next < checkouts) {
      next++;
      try {
        latencies.push(await checkoutOnce(baseUrl, productId));
      } catch (error) {
        errors++;
        if (errors <= 3) console.error(`    checkout failed: ${(error as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, visitor));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    checkouts,
    concurrency,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
    checkoutsPerS: latencies.length / seconds,
    errors,
  };
}
