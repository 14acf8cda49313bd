import { ThrottleRepository } from '../../lib/throttle.repository.ts';
import type { ModuleContext } from '../module-context.ts';
import { registerSessions } from './auth-guard.ts';
import { AuthRepository } from './auth.repository.ts';
import { authRoutes } from './auth.routes.ts';
import { AuthService } from './auth.service.ts';
import { AuthThrottle } from './auth-throttle.ts';
import { SecretBox } from './totp.ts';

export { requireAdmin, requireUser, signedIn } from './auth-guard.ts';
export type { AuthContext, AuthService } from './auth.service.ts';

/**
 * Accounts, sessions and two-factor authentication (decision record 0014): resolves the session
 * cookie (and applies the CSRF rule) on every request, serves `/api/auth/*`, sends password-reset
 * e-mails from a job. Returns the service the other modules guard their routes with.
 */
export async function authModule(ctx: ModuleContext): Promise<{ auth: AuthService }> {
  const { app, config, database } = ctx;
  const auth = new AuthService({
    repo: new AuthRepository(database.db),
    throttle: new AuthThrottle(new ThrottleRepository(database.db), config.auth.throttle),
    secrets: new SecretBox(config.auth.secret, config.auth.previousSecrets),
    config: config.auth,
    publicUrl: config.publicUrl,
  });
  await registerSessions(app, { auth, publicOrigin: config.publicUrl });
  auth.registerJobs(ctx.jobs, ctx.mailer);
  await app.register(authRoutes, { auth });
  return { auth };
}
