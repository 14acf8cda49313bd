import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Turns the production reverse-proxy file `deploy/nginx.conf` into a complete nginx
 * configuration that runs on the loopback from a temporary prefix, for the tests
 * (`apps/api/test/deploy-nginx.test.ts`) and the cluster test (`e2e/cluster`), so that they test
 * the file operators deploy rather than a copy. Run the result with
 * `nginx -p <prefix> -c <prefix>/nginx.conf -g 'daemon off;'` (as root or not; nothing outside
 * the prefix is written). Lines of `deploy/nginx.conf` marked `#@` are rewritten:
 * `#@instance` lines become one `server` line per instance, `#@listen` listens on
 * `127.0.0.1:<port>` without TLS, `#@tls` lines and the `#@begin/#@end http-redirect` block are
 * dropped, `#@cache-path` and `#@access-log` move into the prefix. Every other line is kept.
 */
export type LocalNginxOptions = {
  /** Port nginx listens on, on 127.0.0.1. */
  port: number;
  /** The store instances, `127.0.0.1:5201` etc.; round robin in this order. */
  instances: string[];
  /** Adds `X-Upstream: <instance address>` to every response (tests: which instance answered). Never in production. */
  exposeUpstream?: boolean;
  /** `max_fails` and `fail_timeout` of each instance; default the production file's. */
  maxFails?: number;
  failTimeout?: string;
  /** The production file to render; default `deploy/nginx.conf` next to this module. */
  sourceFile?: string;
};

/** `deploy/nginx.conf`, the production file. */
export const NGINX_SITE_FILE = path.join(import.meta.dirname, 'nginx.conf');

/** Debian's nginx binary (installed by `.ci/run` when missing). */
export const NGINX_BINARY = '/usr/sbin/nginx';

/**
 * The complete configuration text for a prefix folder (main context, events, http with the
 * rendered site).
 * @throws Error when a marked line the rendering relies on is missing from the source file
 */
export function renderLocalNginxConfig(prefix: string, options: LocalNginxOptions): string {
  const source = readFileSync(options.sourceFile ?? NGINX_SITE_FILE, 'utf8');
  const out: string[] = [];
  let skipping = false;
  let instancesWritten = false;
  const seen = new Set<string>();
  for (const line of source.split('\n')) {
    const mark = /#@([\w-]+(?: [\w-]+)?)\s*$/.exec(line)?.[1];
    if (mark === 'begin http-redirect') skipping = true;
    if (skipping) {
      if (mark === 'end http-redirect') skipping = false;
      seen.add('http-redirect');
      continue;
    }
    if (mark === undefined) {
      out.push(line);
      continue;
    }
    seen.add(mark);
    const indent = /^\s*/.exec(line)![0];
    switch (mark) {
      case 'instance': {
        if (instancesWritten) break;
        instancesWritten = true;
        const fails = /max_fails=(\d+)/.exec(line)?.[1];
        const timeout = /fail_timeout=(\w+)/.exec(line)?.[1];
        for (const instance of options.instances) {
          out.push(
            `${indent}server ${instance} max_fails=${options.maxFails ?? fails} fail_timeout=${options.failTimeout ?? timeout};`,
          );
        }
        break;
      }
      case 'listen':
        out.push(`${indent}listen 127.0.0.1:${options.port};`);
        if (options.exposeUpstream) out.push(`${indent}add_header X-Upstream $upstream_addr always;`);
        break;
      case 'tls':
        break;
      case 'cache-path':
        out.push(line.replace(/proxy_cache_path \S+/, `proxy_cache_path ${path.join(prefix, 'cache')}`));
        break;
      case 'access-log':
        out.push(line.replace(/access_log \S+/, `access_log ${path.join(prefix, 'access.log')}`));
        break;
      default:
        throw new Error(`deploy/nginx.conf: unknown mark #@${mark}`);
    }
  }
  for (const needed of ['instance', 'listen', 'cache-path', 'access-log']) {
    if (!seen.has(needed)) throw new Error(`deploy/nginx.conf: no line marked #@${needed}`);
  }
  const temp = (name: string) => path.join(prefix, 'temp', name);
  return [
    `pid ${path.join(prefix, 'nginx.pid')};`,
    `error_log ${path.join(prefix, 'error.log')} warn;`,
    'worker_processes 1;',
    'events { worker_connections 1024; }',
    'http {',
    '    include /etc/nginx/mime.types;',
    '    default_type application/octet-stream;',
    `    client_body_temp_path ${temp('client_body')};`,
    `    proxy_temp_path ${temp('proxy')};`,
    `    fastcgi_temp_path ${temp('fastcgi')};`,
    `    uwsgi_temp_path ${temp('uwsgi')};`,
    `    scgi_temp_path ${temp('scgi')};`,
    ...out.map((line) => (line ? `    ${line}` : line)),
    '}',
    '',
  ].join('\n');
}

/**
 * Creates the prefix's folders (open to nginx's unprivileged workers, which run as `nobody` when
 * the master runs as root) and writes `<prefix>/nginx.conf`.
 * @returns the configuration file's path
 */
export function writeLocalNginx(prefix: string, options: LocalNginxOptions): string {
  for (const dir of [
    '',
    'cache',
    'temp',
    'temp/client_body',
    'temp/proxy',
    'temp/fastcgi',
    'temp/uwsgi',
    'temp/scgi',
  ]) {
    mkdirSync(path.join(prefix, dir), { recursive: true });
    chmodSync(path.join(prefix, dir), 0o777);
  }
  const file = path.join(prefix, 'nginx.conf');
  writeFileSync(file, renderLocalNginxConfig(prefix, options));
  return file;
}
