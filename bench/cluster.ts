/**
 * The cluster benchmark of `npm run bench` (decision record 0020): catalogue reads and checkouts
 * per second on PostgreSQL with two instances behind nginx, against one instance.
 *
 * The cluster is `e2e/cluster/cluster.ts`'s: a fresh database `esim_bench_<random>` on the
 * PostgreSQL server at 127.0.0.1:5432 (dropped afterwards), two instances of the production build
 * on free ports of 127.0.0.1, nginx round robin in front. Both eSIM and card payments are the
 * sandbox's (in the shared database, no simulated latency): the eSIM Go fake allows 10 requests
 * per second like eSIM Go, which would measure its limit rather than the store's.
 *
 * Measured, per round, one after the other (never two loads at once):
 * - catalogue reads `GET /api/products?country=TR`: autocannon, 10 connections, `BENCH_DURATION_S`
 *   (default 10) seconds, against instance 1 directly ("one instance") and against nginx ("two
 *   instances"): req/s, p50/p99 ms;
 * - full checkouts (`bench/checkout.ts`: cart, sandbox card token, `POST /api/checkout` with an
 *   `Idempotency-Key`, until the eSIM is provisioned): `BENCH_CLUSTER_CHECKOUTS` (default 100) with
 *   8 visitors at once, against each: checkouts/s, p50/p95 ms.
 * `BENCH_ROUNDS` repeats the rounds; figures are medians. The ratio is two instances over one.
 * No budget: the load generator shares the machine's CPUs with both instances, PostgreSQL and
 * nginx, so on a 2-core box the ratio shows the overhead of the proxy more than the gain of a
 * second instance. Errors (failed requests, non-2xx, failed checkouts) must be 0.
 *
 * Skipped, with the reason in the report, when nginx or PostgreSQL is missing.
 * Standalone: `node --import tsx bench/cluster.ts`.
 */
import { createRequire } from 'node:module';
import os from 'node:os';
import { type Cluster, clusterUnavailable, freePort, startCluster } from '../e2e/cluster/cluster.ts';
import { measureCheckout } from './checkout.ts';

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
type Autocannon = (options: { url: string; connections: number; duration: number }) => PromiseLike<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const CONNECTIONS = 10;
const WARMUP_S = 2;
const VISITORS = 8;
const positive = (text: string | undefined, fallback: number) => {
  const value = Number(text);
  return text && Number.isFinite(value) && value > 0 ? value : fallback;
};
const DURATION_S = positive(process.env.BENCH_DURATION_S, 10);
const ROUNDS = Math.floor(positive(process.env.BENCH_ROUNDS, 1));
const CHECKOUTS = Math.floor(positive(process.env.BENCH_CLUSTER_CHECKOUTS, 100));
const READ_PATH = '/api/products?country=TR';

/** One target's figures (medians over the rounds; errors summed). */
export interface ClusterFigures {
  readsPerS: number;
  readP50Ms: number;
  readP99Ms: number;
  checkoutsPerS: number;
  checkoutP50Ms: number;
  checkoutP95Ms: number;
  errors: number;
}

/** What `bench/run.ts` prints and records. */
export interface ClusterBench {
  lines: string[];
  errors: number;
  results:
    | { one: ClusterFigures; two: ClusterFigures; ratio: { reads: number; checkouts: number }; server: string }
    | { skipped: string };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const fmt = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '—';

async function reads(url: string, duration: number) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration });
  const errors = result.errors + result.timeouts + result.non2xx;
  if (errors)
    console.error(`    ${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`);
  return { perS: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors };
}

async function productId(baseUrl: string): Promise<number> {
  const res = await fetch(`${baseUrl}${READ_PATH}`);
  const { products } = (await res.json()) as { products: { productId: number }[] };
  if (!products[0]) throw new Error('the catalogue has no Turkey plan');
  return products[0].productId;
}

async function measure(cluster: Cluster): Promise<{ one: ClusterFigures; two: ClusterFigures }> {
  const targets = { one: cluster.instances[0]!.url, two: cluster.url };
  const id = await productId(cluster.url);
  const runs = { one: [] as ClusterFigures[], two: [] as ClusterFigures[] };
  console.error(`  warming up (${WARMUP_S} s of reads and 10 checkouts each)...`);
  for (const url of Object.values(targets)) {
    await reads(url + READ_PATH, WARMUP_S);
    await measureCheckout(url, { checkouts: 10, concurrency: VISITORS, productId: id });
  }
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [name, url] of Object.entries(targets) as ['one' | 'two', string][]) {
      console.error(
        `  round ${round}/${ROUNDS}, ${name === 'one' ? 'one instance' : 'two instances + nginx'}: reads ${DURATION_S} s, ${CHECKOUTS} checkouts`,
      );
      const read = await reads(url + READ_PATH, DURATION_S);
      const checkout = await measureCheckout(url, { checkouts: CHECKOUTS, concurrency: VISITORS, productId: id });
      runs[name].push({
        readsPerS: read.perS,
        readP50Ms: read.p50,
        readP99Ms: read.p99,
        checkoutsPerS: checkout.checkoutsPerS,
        checkoutP50Ms: checkout.p50Ms,
        checkoutP95Ms: checkout.p95Ms,
        errors: read.errors + checkout.errors,
      });
    }
  }
  const summarise = (list: ClusterFigures[]): ClusterFigures => ({
    readsPerS: median(list.map((r) => r.readsPerS)),
    readP50Ms: median(list.map((r) => r.readP50Ms)),
    readP99Ms: median(list.map((r) => r.readP99Ms)),
    checkoutsPerS: median(list.map((r) => r.checkoutsPerS)),
    checkoutP50Ms: median(list.map((r) => r.checkoutP50Ms)),
    checkoutP95Ms: median(list.map((r) => r.checkoutP95Ms)),
    errors: list.reduce((sum, r) => sum + r.errors, 0),
  });
  return { one: summarise(runs.one), two: summarise(runs.two) };
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => row[col]!.length)));
  return rows
    .map((row) =>
      row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!))).join('  '),
    )
    .join('\n');
}

/**
 * Runs the cluster benchmark: starts the cluster, measures, stops it (the database is dropped).
 * @returns the report's lines, the error count (0 expected) and the figures for `latest.json`.
 */
export async function clusterBench(): Promise<ClusterBench> {
  const title = 'Several instances on PostgreSQL: two behind nginx vs one directly (sandbox providers)';
  const unavailable = await clusterUnavailable();
  if (unavailable) {
    console.error(`Cluster: skipped (${unavailable}).`);
    return { lines: [title, `Not measured: ${unavailable}.`, ''], errors: 0, results: { skipped: unavailable } };
  }
  console.error('Cluster (two instances behind nginx vs one, on PostgreSQL)...');
  const [nginx, a, b] = [await freePort(), await freePort(), await freePort()];
  const cluster = await startCluster({
    ports: { nginx, instances: [a, b], esimgo: 0, stripe: 0, paypal: 0 },
    esim: 'sandbox',
    payments: 'sandbox',
    databasePrefix: 'esim_bench',
    log: (line) => console.error(`  ${line}`),
  });
  let figures: { one: ClusterFigures; two: ClusterFigures };
  try {
    figures = await measure(cluster);
  } finally {
    await cluster.stop();
  }
  const { one, two } = figures;
  const ratio = { reads: two.readsPerS / one.readsPerS, checkouts: two.checkoutsPerS / one.checkoutsPerS };
  const lines = [
    title,
    `${ROUNDS} round${ROUNDS > 1 ? 's (medians)' : ''}; reads: autocannon ${CONNECTIONS} connections ${DURATION_S} s; ` +
      `checkouts: ${CHECKOUTS} with ${VISITORS} visitors at once; ${cluster.server} build; ${os.cpus().length} CPUs shared with the load generator`,
    table([
      ['measure', 'one instance', 'two + nginx', 'two/one'],
      [`GET ${READ_PATH} req/s`, fmt(one.readsPerS), fmt(two.readsPerS), fmt(ratio.reads, 2)],
      [
        '  p50 / p99 ms',
        `${fmt(one.readP50Ms)} / ${fmt(one.readP99Ms)}`,
        `${fmt(two.readP50Ms)} / ${fmt(two.readP99Ms)}`,
        '',
      ],
      ['full checkouts/s', fmt(one.checkoutsPerS, 1), fmt(two.checkoutsPerS, 1), fmt(ratio.checkouts, 2)],
      [
        '  p50 / p95 ms',
        `${fmt(one.checkoutP50Ms)} / ${fmt(one.checkoutP95Ms)}`,
        `${fmt(two.checkoutP50Ms)} / ${fmt(two.checkoutP95Ms)}`,
        '',
      ],
      ['errors', fmt(one.errors), fmt(two.errors), ''],
    ]),
    '',
  ];
  return { lines, errors: one.errors + two.errors, results: { one, two, ratio, server: cluster.server } };
}

if (process.argv[1]?.endsWith('bench/cluster.ts')) {
  const { lines, errors } = await clusterBench();
  process.stdout.write(`${lines.join('\n')}\n`);
  process.exitCode = errors === 0 ? 0 : 1;
}
