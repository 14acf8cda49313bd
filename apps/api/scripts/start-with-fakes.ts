/**
 * `npm run start:fakes`: the store with its production adapters (eSIM Go, Stripe with 3-D Secure,
 * PayPal REST) pointed at the local fakes of those services (`apps/api/test/fakes/`), so that the
 * real payment and fulfilment paths can be tried by hand with nothing outside this machine.
 *
 * Starts the fakes (eSIM Go on `FAKE_ESIMGO_PORT` 5190, Stripe and its Stripe.js stand-in on
 * `FAKE_STRIPE_PORT` 5191, PayPal on `FAKE_PAYPAL_PORT` 5192), builds the storefront if its
 * sources changed, then runs the store on `PORT` (5000) with its own embedded database in
 * `DATA_DIR` (default `./.data-fakes`, apart from the sandbox store's `./data`). Ctrl+C stops both.
 * Stripe's test cards work as with Stripe: 4242 4242 4242 4242 pays, 4000 0027 6000 3184 asks for
 * 3-D Secure, 4000 0000 0000 0002 is declined.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { storeEnvForFakes } from '../test/fakes/credentials.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const port = process.env.PORT ?? '5000';
const children: ChildProcess[] = [];

function stopAll(code: number): never {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exit(code);
}

async function startFakes(): Promise<Parameters<typeof storeEnvForFakes>[0]> {
  const fakes = spawn(process.execPath, ['--import', 'tsx', 'apps/api/test/fakes/serve.ts'], {
    cwd: repoRoot,
    env: { ...process.env, FAKE_STORE_URL: `http://localhost:${port}` },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(fakes);
  const lines = readline.createInterface({ input: fakes.stdout! });
  return new Promise((resolve, reject) => {
    fakes.once('exit', (code) => reject(new Error(`the provider fakes exited with ${code}`)));
    lines.once('line', (line) => resolve(JSON.parse(line) as Parameters<typeof storeEnvForFakes>[0]));
  });
}

async function main(): Promise<void> {
  const urls = await startFakes();
  process.stdout.write(`Provider fakes: eSIM Go ${urls.esimgo}, Stripe ${urls.stripe}, PayPal ${urls.paypal}\n`);
  const build = spawn(process.execPath, ['apps/web/scripts/build.mjs', '--if-changed'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  const built = await new Promise<number | null>((resolve) => build.once('exit', resolve));
  if (built !== 0) stopAll(1);
  const store = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: port,
      DATA_DIR: process.env.DATA_DIR ?? path.join(repoRoot, '.data-fakes'),
      ...storeEnvForFakes(urls),
    },
    stdio: 'inherit',
  });
  children.push(store);
  store.once('exit', (code) => stopAll(code ?? 1));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => store.kill(signal));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  stopAll(1);
});
