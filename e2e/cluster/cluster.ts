/**
 * Several store instances on one PostgreSQL database behind nginx (decision record 0020),
 * for the cluster browser test (`e2e/cluster/`) and the cluster benchmark (`bench/cluster.ts`).
 *
 * `startCluster(options)`:
 * 1. creates a fresh database `esim_cluster_<random>` on the PostgreSQL server at
 *    `postgres://postgres@127.0.0.1:5432` (trust auth; `CLUSTER_PG_URL` overrides the server);
 * 2. with `esim: 'esimgo'` or `payments: 'stripe'`, starts the provider fakes
 *    (`apps/api/test/fakes/serve.ts`) on the given ports with `FAKE_STORE_URL` = nginx's origin;
 * 3. starts the instances one after the other (the first migrates and seeds) from the production
 *    build ({@link serverCommand}) with `DATABASE_URL`, `PUBLIC_URL` = nginx's origin,
 *    `TRUST_PROXY=127.0.0.1`, a short `JOB_LEASE_MS` and the throttles lifted;
 * 4. starts nginx (`/usr/sbin/nginx`, in a temporary prefix, `daemon off`) on `ports.nginx` with
 *    the production configuration `deploy/nginx.conf` rendered for the loopback
 *    (`deploy/local-nginx.ts`): a round-robin upstream of every instance, so consecutive requests
 *    alternate, plus `X-Upstream: 127.0.0.1:<port>` on every answer the upstream gave (tests only:
 *    it names the instance that served a request; cached assets have none).
 *
 * Everything listens on 127.0.0.1 only. `Cluster.stop()` stops nginx, the instances and the
 * fakes, drops the database and removes the temporary folder (kept with `CLUSTER_KEEP=1`, or when
 * `keepFiles` is passed). Instance, fake and nginx logs go to files in that folder.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import postgres from 'postgres';
import { storeEnvForFakes } from '../../apps/api/test/fakes/credentials.ts';
import { NGINX_BINARY, writeLocalNginx } from '../../deploy/local-nginx.ts';
import { LIFTED_THROTTLES } from '../support/lifted-throttles.ts';

/** The instances' shared secrets, random per run (production refuses the public development defaults). */
const CLUSTER_AUTH_SECRET = randomBytes(48).toString('base64url');
const CLUSTER_PAYMENT_SANDBOX_SECRET = randomBytes(48).toString('base64url');

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
/** The PostgreSQL server (not a database) the cluster's database is created on. */
export const PG_SERVER_URL = process.env.CLUSTER_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * THE SWITCH between the production build and the TypeScript sources. `dist` (default): part F's
 * build (`apps/api/scripts/build.mjs`, esbuild, ~1 s) of the current sources into a folder of this
 * run (`node_modules/.cache/esim-cluster/<random>`, so that no other build empties it under the
 * running instances), run as `node <folder>/server.js` with no TypeScript loader. `tsx`
 * (`CLUSTER_SERVER=tsx`, or when the build script is missing): `node --import tsx
 * apps/api/src/server.ts`.
 * @returns the instance command's arguments and the folder to remove afterwards, if any.
 */
export function serverCommand(): { args: string[]; kind: 'dist' | 'tsx'; buildDir?: string } {
  const script = path.join(REPO_ROOT, 'apps/api/scripts/build.mjs');
  const wanted = process.env.CLUSTER_SERVER ?? (fs.existsSync(script) ? 'dist' : 'tsx');
  if (wanted === 'tsx')
    return { args: ['--import', 'tsx', path.join(REPO_ROOT, 'apps/api/src/server.ts')], kind: 'tsx' };
  const buildDir = path.join(REPO_ROOT, 'node_modules/.cache/esim-cluster', randomBytes(4).toString('hex'));
  const built = spawnSync(process.execPath, [script, '--outdir', buildDir], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`The production build failed: ${built.stderr || built.stdout}`);
  return { args: ['--enable-source-maps', path.join(buildDir, 'server.js')], kind: 'dist', buildDir };
}

export interface ClusterOptions {
  /** Fixed ports on 127.0.0.1: nginx, one per instance, and the fakes' (used only when fakes run). */
  ports: { nginx: number; instances: number[]; esimgo: number; stripe: number; paypal: number };
  /** `esimgo`: the eSIM Go adapter against the fake; `sandbox`: the embedded simulator. */
  esim: 'esimgo' | 'sandbox';
  /** `sandbox` cards (and the sandbox's PayPal), or `stripe` (+ PayPal REST) against the fakes. */
  payments: 'sandbox' | 'stripe';
  /** Added to every instance's environment (after the defaults). */
  env?: Record<string, string>;
  /** Environment of the fakes' process (e.g. `FAKE_ESIMGO_LATENCY_MS`). */
  fakesEnv?: Record<string, string>;
  /** Prefix of the database name (default `esim_cluster`). */
  databasePrefix?: string;
  /** Keep the temporary folder (logs) after `stop()`. */
  keepFiles?: boolean;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
}

export interface FakeUrls {
  esimgo: string;
  stripe: string;
  stripeJs: string;
  paypal: string;
}

/** One store process. */
export interface Instance {
  index: number;
  port: number;
  url: string;
  /** The running process's id, undefined while it is down. */
  pid(): number | undefined;
  running(): boolean;
  /** Sends a signal (SIGKILL: no shutdown at all) and resolves once the process has exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again (same port and environment) and resolves once it is ready. */
  start(): Promise<void>;
}

export interface Cluster {
  /** nginx's origin, e.g. `http://127.0.0.1:5200` (also every instance's `PUBLIC_URL`). */
  url: string;
  instances: Instance[];
  databaseUrl: string;
  database: string;
  /** The instances' shared secrets, for any other process of the store (the admin CLI) on the cluster's database. */
  secrets: { AUTH_SECRET: string; PAYMENT_SANDBOX_SECRET: string };
  fakes: FakeUrls | undefined;
  dir: string;
  server: 'dist' | 'tsx';
  esim: ClusterOptions['esim'];
  payments: ClusterOptions['payments'];
  /** The last lines of every log file (for failure messages). */
  logTail(lines?: number): string;
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';
const READY_TIMEOUT_MS = 120_000;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Whether something accepts TCP connections on 127.0.0.1:`port`. */
export function listening(port: number, host = HOST): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Why the cluster cannot run here (no nginx, no PostgreSQL), or undefined when it can. */
export async function clusterUnavailable(): Promise<string | undefined> {
  if (!fs.existsSync(NGINX_BINARY)) return `${NGINX_BINARY} is missing (apt-get install nginx)`;
  const pg = new URL(PG_SERVER_URL);
  if (!(await listening(Number(pg.port || 5432), pg.hostname))) return `no PostgreSQL at ${pg.host}`;
  return undefined;
}

async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
  alive?: () => string | undefined,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const dead = alive?.();
    if (dead) throw new Error(`${what}: ${dead}`);
    if (await check().catch(() => false)) return;
    await sleep(150);
  }
  throw new Error(`${what}: not ready within ${timeoutMs / 1000} s`);
}

/** `/readyz` 200, or `/api/health` 200 where `/readyz` does not exist (an older build). */
async function ready(url: string): Promise<boolean> {
  const readyz = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
  if (readyz.status === 200) return true;
  if (readyz.status !== 404) return false;
  return (await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) })).status === 200;
}

function tail(file: string, lines: number): string {
  try {
    const text = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
    return text.slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** Starts the whole cluster; see the module comment. On failure, what was started is stopped. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? (() => {});
  const why = await clusterUnavailable();
  if (why) throw new Error(`The cluster cannot run: ${why}.`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-cluster-'));
  // nginx's workers run as nobody when started by root: let them use the temp folders.
  fs.chmodSync(dir, 0o755);
  const children = new Set<ChildProcess>();
  const killAll = () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', killAll);

  const database = `${options.databasePrefix ?? 'esim_cluster'}_${randomBytes(5).toString('hex')}`;
  const serverUrl = new URL(PG_SERVER_URL);
  const databaseUrl = Object.assign(new URL(PG_SERVER_URL), { pathname: `/${database}` }).toString();
  const admin = postgres(serverUrl.toString(), { max: 1, onnotice: () => {} });
  let databaseCreated = false;
  const nginxUrl = `http://${HOST}:${options.ports.nginx}`;
  const instances: InstanceImpl[] = [];
  let nginx: ChildProcess | undefined;
  let fakes: ChildProcess | undefined;
  let fakeUrls: FakeUrls | undefined;
  let server: ReturnType<typeof serverCommand> = { args: [], kind: 'tsx' };

  const logFiles = () =>
    fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.log'))
      .map((f) => path.join(dir, f));
  const logTail = (lines = 30) =>
    logFiles()
      .map((file) => `--- ${path.basename(file)}\n${tail(file, lines)}`)
      .join('\n');

  const stopChild = async (child: ChildProcess | undefined, signal: NodeJS.Signals, graceMs: number) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    if (!(await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)]))) {
      child.kill('SIGKILL');
      await exited;
    }
  };

  const stop = async () => {
    await stopChild(nginx, 'SIGQUIT', 3_000);
    await Promise.all(instances.map((instance) => stopChild(instance.child, 'SIGTERM', 5_000)));
    await stopChild(fakes, 'SIGTERM', 3_000);
    killAll();
    process.removeListener('exit', killAll);
    if (databaseCreated) {
      await admin.unsafe(`drop database if exists "${database}" with (force)`).catch((error: unknown) => {
        console.error(`cluster: could not drop ${database}: ${(error as Error).message}`);
      });
    }
    await admin.end({ timeout: 5 });
    if (server.buildDir) fs.rmSync(server.buildDir, { recursive: true, force: true });
    if (options.keepFiles || process.env.CLUSTER_KEEP === '1') console.error(`cluster: files kept in ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    for (const port of [options.ports.nginx, ...options.ports.instances]) {
      if (await listening(port)) throw new Error(`port ${port} on ${HOST} is already in use`);
    }
    server = serverCommand();
    await admin.unsafe(`create database "${database}"`);
    databaseCreated = true;
    log(`database ${database} created`);

    if (options.esim === 'esimgo' || options.payments === 'stripe') {
      const out = fs.openSync(path.join(dir, 'fakes.log'), 'a');
      fakes = spawn(process.execPath, ['--import', 'tsx', 'apps/api/test/fakes/serve.ts'], {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          FAKE_ESIMGO_PORT: String(options.ports.esimgo),
          FAKE_STRIPE_PORT: String(options.ports.stripe),
          FAKE_PAYPAL_PORT: String(options.ports.paypal),
          FAKE_STORE_URL: nginxUrl,
          ...options.fakesEnv,
        },
        stdio: ['ignore', 'pipe', out],
      });
      children.add(fakes);
      const child = fakes;
      fakeUrls = await new Promise<FakeUrls>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the provider fakes did not start within 60 s')), 60_000);
        const lines = readline.createInterface({ input: child.stdout! });
        lines.once('line', (line) => {
          clearTimeout(timer);
          try {
            resolve(JSON.parse(line) as FakeUrls);
          } catch {
            reject(new Error(`the provider fakes printed "${line}"`));
          }
          child.stdout!.pipe(fs.createWriteStream('', { fd: out }));
        });
        child.once('exit', (code) =>
          reject(new Error(`the provider fakes exited (${code}): ${tail(path.join(dir, 'fakes.log'), 20)}`)),
        );
      });
      log(`fakes ${JSON.stringify(fakeUrls)}`);
    }

    const providerEnv: Record<string, string> = {};
    if (fakeUrls) {
      const all = storeEnvForFakes(fakeUrls);
      for (const [name, value] of Object.entries(all)) {
        const esimVar = name.startsWith('ESIM');
        if ((esimVar && options.esim === 'esimgo') || (!esimVar && options.payments === 'stripe'))
          providerEnv[name] = value;
      }
    }

    for (const [index, port] of options.ports.instances.entries()) {
      const instanceDir = path.join(dir, `instance-${index + 1}`);
      fs.mkdirSync(instanceDir);
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: 'production',
        HOST,
        PORT: String(port),
        DATA_DIR: instanceDir,
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'warn',
        PUBLIC_URL: nginxUrl,
        TRUST_PROXY: HOST,
        // Production on PostgreSQL needs the instances' shared secrets (config.ts refuses to start without).
        AUTH_SECRET: CLUSTER_AUTH_SECRET,
        PAYMENT_SANDBOX_SECRET: CLUSTER_PAYMENT_SANDBOX_SECRET,
        // A crashed worker's job is taken over 3 s after its last renewal.
        JOB_LEASE_MS: '3000',
        SHUTDOWN_DRAIN_MS: '0',
        ADMIN_REQUIRE_2FA: 'false',
        ESIM_PROVIDER: options.esim,
        PAYMENT_PROVIDER: options.payments,
        // Every throttle the journeys would hit from 127.0.0.1 lifted, the portal's too.
        ...LIFTED_THROTTLES,
        PORTAL_RATE_LIMIT_PER_MINUTE: '100000',
        ...providerEnv,
        ...options.env,
      };
      // The server under test must not inherit a TypeScript loader from this process.
      delete env.NODE_OPTIONS;
      const instance = new InstanceImpl(
        index + 1,
        port,
        server.args,
        env,
        path.join(dir, `instance-${index + 1}.log`),
        children,
      );
      instances.push(instance);
      // One after the other: the first one migrates the fresh database and seeds the catalogue.
      const started = Date.now();
      await instance.start();
      log(
        `instance ${index + 1} ready on ${instance.url} (${server.kind}) after ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }

    // The production file deploy/nginx.conf, rendered for the loopback by part F's deploy/local-nginx.ts.
    const nginxDir = path.join(dir, 'nginx');
    const confFile = writeLocalNginx(nginxDir, {
      port: options.ports.nginx,
      instances: options.ports.instances.map((p) => `${HOST}:${p}`),
      exposeUpstream: true,
      // A killed instance is tried again 2 s after its failed connection.
      maxFails: 1,
      failTimeout: '2s',
    });
    const test = spawnSync(
      NGINX_BINARY,
      ['-t', '-q', '-p', nginxDir, '-e', path.join(nginxDir, 'error.log'), '-c', confFile],
      { encoding: 'utf8' },
    );
    if (test.status !== 0) throw new Error(`nginx -t: ${test.stderr}`);
    const nginxOut = fs.openSync(path.join(dir, 'nginx.log'), 'a');
    nginx = spawn(
      NGINX_BINARY,
      ['-p', nginxDir, '-e', path.join(nginxDir, 'error.log'), '-c', confFile, '-g', 'daemon off;'],
      {
        stdio: ['ignore', nginxOut, nginxOut],
      },
    );
    children.add(nginx);
    const nginxChild = nginx;
    await waitFor(
      'nginx',
      () => ready(nginxUrl),
      20_000,
      () => (nginxChild.exitCode !== null ? `exited: ${tail(path.join(nginxDir, 'error.log'), 10)}` : undefined),
    );
    log(`nginx on ${nginxUrl} -> ${options.ports.instances.map((p) => `${HOST}:${p}`).join(', ')}`);
  } catch (error) {
    const logs = logTail(20);
    await stop().catch(() => {});
    throw new Error(`${(error as Error).message}\n${logs}`, { cause: error });
  }

  return {
    url: nginxUrl,
    instances,
    databaseUrl,
    database,
    secrets: { AUTH_SECRET: CLUSTER_AUTH_SECRET, PAYMENT_SANDBOX_SECRET: CLUSTER_PAYMENT_SANDBOX_SECRET },
    fakes: fakeUrls,
    dir,
    server: server.kind,
    esim: options.esim,
    payments: options.payments,
    logTail,
    stop,
  };
}

class InstanceImpl implements Instance {
  readonly url: string;
  child: ChildProcess | undefined;

  constructor(
    readonly index: number,
    readonly port: number,
    private readonly args: string[],
    private readonly env: NodeJS.ProcessEnv,
    private readonly logFile: string,
    private readonly children: Set<ChildProcess>,
  ) {
    this.url = `http://${HOST}:${port}`;
  }

  pid(): number | undefined {
    return this.running() ? this.child?.pid : undefined;
  }

  running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || !this.running()) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await exited;
  }

  async start(): Promise<void> {
    if (this.running()) return;
    const out = fs.openSync(this.logFile, 'a');
    fs.writeSync(out, `--- ${new Date().toISOString()} start\n`);
    const child = spawn(process.execPath, this.args, { cwd: REPO_ROOT, env: this.env, stdio: ['ignore', out, out] });
    fs.closeSync(out);
    this.child = child;
    this.children.add(child);
    child.once('exit', () => this.children.delete(child));
    await waitFor(
      `instance ${this.index}`,
      () => ready(this.url),
      READY_TIMEOUT_MS,
      () =>
        child.exitCode !== null || child.signalCode !== null
          ? `exited (${child.exitCode ?? child.signalCode}):\n${tail(this.logFile, 20)}`
          : undefined,
    );
  }
}
