import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { users } from '../src/modules/auth/auth.schema.ts';

/** The password of every account these helpers make (12+ characters, not a common one). */
export const TEST_PASSWORD = 'violet-harbour-tram-42';

/** Headers of a same-origin browser request: what passes the CSRF rule (`csrf.ts`). */
export const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' } as const;

/** A signed-in test account and the headers its browser would send. */
export interface SignedIn {
  userId: number;
  username: string;
  /** `cookie` with the session and `sec-fetch-site: same-origin`. */
  headers: Record<string, string>;
  /** The cookie alone, for a request made as a cross-site attacker would (no same-origin proof). */
  cookie: string;
}

/**
 * Makes an account and signs it in through `POST /api/login`, for the admin permission matrix:
 * a customer, or an admin (`admin: true`, made with `AuthService.createAdmin`), with two-factor
 * authentication marked on (`twoFactor: true`) so that it passes `ADMIN_REQUIRE_2FA`. The second
 * factor is set in the database: these tests are about the admin area, not the TOTP sign-in
 * (`auth.routes.test.ts` covers that).
 * @throws Error when the sign-in does not answer 200 with a session cookie.
 */
export async function signIn(
  app: FastifyInstance,
  services: AppServices,
  database: Database,
  opts: { admin?: boolean; twoFactor?: boolean; username?: string } = {},
): Promise<SignedIn> {
  const username = opts.username ?? `${opts.admin ? 'admin' : 'customer'}-${randomUUID().slice(0, 8)}`;
  const details = {
    username,
    email: `${username}@example.com`,
    password: TEST_PASSWORD,
    firstName: 'Test',
    lastName: opts.admin ? 'Admin' : 'Customer',
  };
  if (opts.admin) {
    await services.auth.createAdmin(details);
  } else {
    const res = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...details, confirmPassword: TEST_PASSWORD },
    });
    if (res.statusCode !== 201) throw new Error(`register answered ${res.statusCode} ${res.body}`);
  }
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no account ${username}`);
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password: TEST_PASSWORD } });
  const session = login.cookies.find((c) => c.name === 'sid' || c.name === '__Host-sid');
  if (login.statusCode !== 200 || !session) throw new Error(`login answered ${login.statusCode} ${login.body}`);
  // After the password sign-in, which would otherwise ask for a code; sessions read the account afresh.
  if (opts.twoFactor) await database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, row.id));
  const cookie = `${session.name}=${session.value}`;
  return { userId: row.id, username, cookie, headers: { cookie, ...SAME_ORIGIN } };
}
