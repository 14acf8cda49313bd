import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NGINX_BINARY, NGINX_SITE_FILE, writeLocalNginx } from '../../../deploy/local-nginx.ts';
import { freePort } from './free-port.ts';

/**
 * The production reverse-proxy file `deploy/nginx.conf` (docs/deployment.md): the full
 * file passes `nginx -t` with a certificate, and its loopback rendering, run by Debian's nginx in
 * front of two stand-in instances, balances, retries only idempotent requests, passes webhooks
 * byte for byte with their signature headers, sets the forwarded headers the store trusts,
 * refuses /metrics (and /metrics/) and oversized bodies, compresses JSON and caches hashed assets.
 */
type Seen = { instance: string; method: string; url: string; headers: http.IncomingHttpHeaders; body: Buffer };

const prefix = mkdtempSync(path.join(os.tmpdir(), 'esim-nginx-'));
const seen: Seen[] = [];
/** Per instance: answer POSTs (or GETs) to `/api/flaky` with 503. */
const failing = { a: false, b: false };
const instances: Record<'a' | 'b', http.Server> = {
  a: http.createServer((req, res) => handle('a', req, res)),
  b: http.createServer((req, res) => handle('b', req, res)),
};
let nginx: ChildProcess | undefined;
let origin = '';
let nginxLog = '';

function handle(instance: 'a' | 'b', req: http.IncomingMessage, res: http.ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    seen.push({ instance, method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
    if (req.url === '/api/flaky' && failing[instance]) {
      res
        .writeHead(503, { 'content-type': 'application/json' })
        .end('{"error":{"code":"closing","message":"shutting down"}}');
      return;
    }
    if (req.url?.startsWith('/assets/')) {
      res
        .writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'public, max-age=31536000, immutable' })
        .end('export const x = 1;\n');
      return;
    }
    const payload = JSON.stringify({
      instance,
      items: Array.from({ length: 100 }, (_, i) => ({ id: i, name: `item ${i}` })),
    });
    res.writeHead(200, { 'content-type': 'application/json' }).end(payload);
  });
}

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A request through nginx with node:http (no automatic decompression, exact bodies). */
function request(
  method: string,
  url: string,
  options: { headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${origin}${url}`, { method, headers: options.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const hasNginx = existsSync(NGINX_BINARY);

beforeAll(async () => {
  if (!hasNginx) return;
  const [portA, portB, port] = [await listen(instances.a), await listen(instances.b), await freePort()];
  const conf = writeLocalNginx(prefix, {
    port,
    instances: [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`],
    exposeUpstream: true,
  });
  origin = `http://127.0.0.1:${port}`;
  nginx = spawn(NGINX_BINARY, ['-p', prefix, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  nginx.stderr!.on('data', (chunk: Buffer) => (nginxLog += chunk.toString()));
  for (let i = 0; ; i++) {
    try {
      await request('GET', '/livez');
      break;
    } catch (error) {
      if (i > 100 || nginx.exitCode !== null) throw new Error(`nginx did not start: ${nginxLog}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}, 30_000);

afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((resolve) => nginx!.once('exit', resolve));
    nginx.kill('SIGQUIT');
    await exited;
  }
  await Promise.all(Object.values(instances).map((server) => new Promise((resolve) => server.close(resolve))));
  rmSync(prefix, { recursive: true, force: true });
});

describe.skipIf(!hasNginx)('deploy/nginx.conf', () => {
  it('the production file as written (TLS, HTTP redirect, every directive) passes nginx -t', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'esim-nginx-t-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=store.example',
          '-keyout',
          `${dir}/key.pem`,
          '-out',
          `${dir}/cert.pem`,
        ],
        { stdio: 'ignore' },
      );
      const site = readFileSync(NGINX_SITE_FILE, 'utf8')
        .replace('/etc/letsencrypt/live/store.example/fullchain.pem', `${dir}/cert.pem`)
        .replace('/etc/letsencrypt/live/store.example/privkey.pem', `${dir}/key.pem`)
        .replace('/var/cache/nginx/roamwise', `${dir}/cache`)
        .replace('/var/log/nginx/roamwise.access.log', `${dir}/access.log`);
      writeFileSync(
        `${dir}/nginx.conf`,
        `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\ninclude /etc/nginx/mime.types;\nclient_body_temp_path ${dir}/cb;\nproxy_temp_path ${dir}/px;\n${site}\n}\n`,
      );
      const result = execFileSync(NGINX_BINARY, ['-t', '-q', '-p', dir, '-c', `${dir}/nginx.conf`], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      expect(result).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('balances requests over the instances in turn', async () => {
    seen.length = 0;
    const upstreams = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const response = await request('GET', `/api/products?i=${i}`);
      expect(response.status).toBe(200);
      upstreams.add(String(response.headers['x-upstream']));
    }
    expect(upstreams.size).toBe(2);
    expect(new Set(seen.map((s) => s.instance))).toEqual(new Set(['a', 'b']));
  });

  it('sets the forwarded headers and its request id, replacing a client-sent X-Forwarded-For', async () => {
    seen.length = 0;
    await request('GET', '/api/health', { headers: { 'x-forwarded-for': '203.0.113.9', host: 'store.example' } });
    const headers = seen[0]!.headers;
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers['x-forwarded-host']).toBe('store.example');
    expect(headers.host).toBe('store.example');
    expect(headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('retries an idempotent request on the other instance when one answers 503, never a POST', async () => {
    failing.a = true;
    try {
      for (let i = 0; i < 4; i++) {
        const response = await request('GET', '/api/flaky');
        expect(response.status).toBe(200);
        expect(JSON.parse(response.body.toString()).instance).toBe('b');
      }
      // A POST that reached instance a is not sent again to b: the client sees a's 503.
      failing.b = true;
      failing.a = false;
      seen.length = 0;
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (await request('POST', '/api/flaky', { headers: { 'content-type': 'application/json' }, body: '{}' })).status,
        );
      expect(statuses).toContain(503);
      expect(seen.filter((s) => s.method === 'POST')).toHaveLength(4); // one delivery per request, never two
    } finally {
      failing.a = false;
      failing.b = false;
    }
  });

  it('passes a webhook byte for byte with its signature headers', async () => {
    seen.length = 0;
    const raw = Buffer.from('{ "id":"evt_1",\n  "amount": 1.10,  "iccid": 8944500000000000001234 }\r\n');
    const response = await request('POST', '/api/webhooks/stripe', {
      headers: {
        'content-type': 'application/json',
        'stripe-signature': 't=1700000000,v1=abc,v1=def',
        'x-signature-sha256': 'c2lnbmF0dXJl',
        'paypal-transmission-id': 'tx-1',
        'paypal-transmission-sig': 'sig==',
      },
      body: raw,
    });
    expect(response.status).toBe(200);
    const delivered = seen.find((s) => s.url === '/api/webhooks/stripe')!;
    expect(delivered.body.equals(raw)).toBe(true);
    expect(delivered.headers['stripe-signature']).toBe('t=1700000000,v1=abc,v1=def');
    expect(delivered.headers['x-signature-sha256']).toBe('c2lnbmF0dXJl');
    expect(delivered.headers['paypal-transmission-id']).toBe('tx-1');
    expect(delivered.headers['paypal-transmission-sig']).toBe('sig==');
  });

  it('refuses /metrics itself and bodies over 1 MiB, before any instance', async () => {
    seen.length = 0;
    expect((await request('GET', '/metrics')).status).toBe(403);
    // The store routes these like /metrics (ignoreTrailingSlash): nginx refuses them as well.
    expect((await request('GET', '/metrics/')).status).toBe(403);
    expect((await request('GET', '/metrics/?x=1')).status).toBe(403);
    expect((await request('GET', '/metrics//')).status).toBe(403);
    expect(
      (
        await request('POST', '/api/cart', {
          headers: { 'content-type': 'application/json' },
          body: Buffer.alloc(1_100_000, 0x20),
        })
      ).status,
    ).toBe(413);
    expect(seen).toHaveLength(0);
  });

  it('keeps /livez/ and /readyz/ (routed by the store like /livez and /readyz) in the loopback-only health location', async () => {
    // The loopback test client is allowed, so the difference is the location chosen: the regexes
    // of deploy/nginx.conf must cover the trailing-slash forms (Fastify ignoreTrailingSlash).
    const regexes = [...readFileSync(NGINX_SITE_FILE, 'utf8').matchAll(/^\s*location ~ (\S+) \{/gm)].map(
      (m) => new RegExp(m[1]!),
    );
    const health = regexes.find((re) => re.test('/readyz'));
    expect(health, 'a regex location for /readyz').toBeDefined();
    for (const url of ['/livez', '/livez/', '/readyz', '/readyz/']) expect(health!.test(url), url).toBe(true);
    expect(health!.test('/readyzz')).toBe(false);
    const metricsLocation = regexes.find((re) => re.test('/metrics'));
    expect(metricsLocation!.test('/metrics/')).toBe(true);
    seen.length = 0;
    expect((await request('GET', '/readyz/')).status).toBe(200);
    expect(seen.map((s) => s.url)).toEqual(['/readyz/']);
  });

  it('compresses JSON for clients that accept gzip', async () => {
    const response = await request('GET', '/api/products', { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(response.body).toString()).items).toHaveLength(100);
  });

  it('caches hashed assets: the second request does not reach an instance', async () => {
    seen.length = 0;
    const first = await request('GET', '/assets/index-abc123.js');
    const second = await request('GET', '/assets/index-abc123.js');
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.toString()).toBe('export const x = 1;\n');
    expect(seen.filter((s) => s.url === '/assets/index-abc123.js')).toHaveLength(1);
  });
});
