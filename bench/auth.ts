/**
 * The accounts benchmark of `npm run bench`:
 * - login latency: `POST /api/login` with the right password, one at a time, so each figure is the
 *   server's own work (argon2id at the production cost, m = 19 MiB, t = 2, p = 1, plus a new
 *   session row) rather than queueing behind other logins;
 * - what the session lookup adds to an API call: `GET /api/cart` with and without a session
 *   cookie, interleaved one request at a time, each side's p50/p99 and the difference of medians.
 *
 * Every figure is in ms, measured with `performance.now()` around `fetch` on 127.0.0.1.
 */
import { randomUUID } from 'node:crypto';

/** Figures of the accounts benchmark, ms. */
export interface AuthRun {
  logins: number;
  loginP50Ms: number;
  loginP99Ms: number;
  calls: number;
  anonymousP50Ms: number;
  anonymousP99Ms: number;
  signedInP50Ms: number;
  signedInP99Ms: number;
  /** Median with the cookie minus median without: the session lookup's cost per call. */
  sessionLookupMs: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

const sortedCopy = (values: number[]) => [...values].sort((a, b) => a - b);

/** The session cookie (`sid=...` over plain HTTP) a sign-in answer set. */
function sessionCookie(response: Response): string {
  const setCookie = response.headers.getSetCookie().find((c) => /^(__Host-)?sid=/.test(c));
  if (!setCookie) throw new Error(`no session cookie in the answer (${response.status})`);
  return setCookie.split(';')[0]!;
}

/**
 * Registers one account, then times `logins` sign-ins and `calls` pairs of `GET /api/cart`
 * (without and with the cookie). Requests carry `Sec-Fetch-Site: same-origin`, as a browser on
 * the store does (the CSRF rule for cookie requests).
 */
export async function measureAuth(baseUrl: string, opts: { logins: number; calls: number }): Promise<AuthRun> {
  const username = `bench${randomUUID().slice(0, 8)}`;
  const password = `bench ${randomUUID()}`;
  const headers = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' };
  const registered = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      username,
      email: `${username}@example.com`,
      password,
      confirmPassword: password,
      firstName: 'Bench',
      lastName: 'Mark',
    }),
  });
  if (!registered.ok) throw new Error(`register: ${registered.status} ${(await registered.text()).slice(0, 200)}`);
  const cookie = sessionCookie(registered);

  let errors = 0;
  const logins: number[] = [];
  for (let i = 0; i < opts.logins; i++) {
    const started = performance.now();
    const res = await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ username, password }),
    });
    await res.arrayBuffer();
    if (res.ok) logins.push(performance.now() - started);
    else errors++;
  }

  const visitor = randomUUID();
  const anonymous: number[] = [];
  const signedIn: number[] = [];
  for (let i = 0; i < opts.calls; i++) {
    for (const [withCookie, into] of [
      [false, anonymous],
      [true, signedIn],
    ] as const) {
      const started = performance.now();
      const res = await fetch(`${baseUrl}/api/cart`, {
        headers: { 'x-session-id': visitor, ...(withCookie ? { cookie } : {}) },
      });
      await res.arrayBuffer();
      if (res.ok) into.push(performance.now() - started);
      else errors++;
    }
  }

  const [loginSorted, anonSorted, signedSorted] = [sortedCopy(logins), sortedCopy(anonymous), sortedCopy(signedIn)];
  return {
    logins: logins.length,
    loginP50Ms: percentile(loginSorted, 50),
    loginP99Ms: percentile(loginSorted, 99),
    calls: opts.calls,
    anonymousP50Ms: percentile(anonSorted, 50),
    anonymousP99Ms: percentile(anonSorted, 99),
    signedInP50Ms: percentile(signedSorted, 50),
    signedInP99Ms: percentile(signedSorted, 99),
    sessionLookupMs: percentile(signedSorted, 50) - percentile(anonSorted, 50),
    errors,
  };
}
