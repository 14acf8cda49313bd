import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Cluster, startCluster } from './cluster.ts';
import { SANDBOX_LATENCY_MS } from './provider.ts';
import { CLUSTER_PORTS, type ClusterState, clusterProviders } from './settings.ts';

/**
 * Global set-up of the cluster browser test (`cluster/playwright.config.ts`): starts the cluster
 * (`cluster.ts`: a fresh PostgreSQL database, the provider fakes, two store instances, nginx on
 * {@link CLUSTER_PORTS}), and a small control server on a free port of 127.0.0.1 through which
 * the specs (in the test workers) stop and start instances, which only this process can do (it
 * owns them):
 *
 * - `GET /instances` → `[{ index, port, url, pid, running }]`
 * - `POST /instances/{index}/kill?signal=SIGKILL` → 204 once the process has exited
 * - `POST /instances/{index}/start` → 204 once it is ready again
 *
 * The workers find the cluster in `CLUSTER_STATE` (JSON {@link ClusterState}) and the control
 * server in `CLUSTER_CONTROL_URL` (environment variables set here are inherited by the workers).
 * The returned function is the global teardown: it stops everything and drops the database.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const started = Date.now();
  const providers = clusterProviders();
  const cluster: Cluster = await startCluster({
    ports: CLUSTER_PORTS,
    ...providers,
    // The sandbox's eSIM calls take a while, so that an instance can be killed during one.
    env: providers.esim === 'sandbox' ? { ESIM_SANDBOX_LATENCY_MS: String(SANDBOX_LATENCY_MS) } : {},
    log: (line) => console.error(`cluster: ${line}`),
  });
  console.error(
    `cluster: up after ${((Date.now() - started) / 1000).toFixed(1)} s (${cluster.server} build, eSIM ${cluster.esim}, payments ${cluster.payments})`,
  );

  const control = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const match = /^\/instances\/(\d+)\/(kill|start)$/.exec(url.pathname);
      if (req.method === 'GET' && url.pathname === '/instances') {
        const body = cluster.instances.map((i) => ({
          index: i.index,
          port: i.port,
          url: i.url,
          pid: i.pid() ?? null,
          running: i.running(),
        }));
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
        return;
      }
      const instance =
        match && req.method === 'POST' ? cluster.instances.find((i) => i.index === Number(match[1])) : undefined;
      if (!instance) {
        res.writeHead(404).end();
        return;
      }
      if (match![2] === 'kill') await instance.kill((url.searchParams.get('signal') ?? 'SIGKILL') as NodeJS.Signals);
      else await instance.start();
      res.writeHead(204).end();
    })().catch((error: unknown) => {
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end(String((error as Error).message));
    });
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  const state: ClusterState = {
    url: cluster.url,
    databaseUrl: cluster.databaseUrl,
    secrets: cluster.secrets,
    instances: cluster.instances.map((i) => ({ index: i.index, port: i.port, url: i.url })),
    fakes: cluster.fakes ?? null,
    esim: cluster.esim,
    payments: cluster.payments,
    dir: cluster.dir,
  };
  process.env.CLUSTER_STATE = JSON.stringify(state);
  process.env.CLUSTER_CONTROL_URL = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;

  return async () => {
    await new Promise<void>((resolve) => control.close(() => resolve()));
    await cluster.stop();
  };
}
