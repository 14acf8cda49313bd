import { createHash, randomBytes } from 'node:crypto';

/**
 * One-time tokens of the links the store sends or prints (OWASP ASVS 4.0.3 V2.5.6, OWASP
 * Forgot Password Cheat Sheet "URL tokens"): the password-reset link (`/auth?view=reset#token=…`, 30 minutes) and the first-admin
 * link (`/setup-admin#token=…`, 24 hours). The clear token exists only in the link, in the
 * fragment so that no server or proxy logs it; the database keeps its SHA-256, so a copy of the
 * tables opens nothing. A random 256-bit token needs no slow hash: nobody can guess it, and the
 * lookup by hash needs no constant-time comparison (the attacker does not control the hash).
 */

/** A new one-time token: 32 bytes (256 bits) from the CSPRNG, base64url (43 characters). */
export function newOneTimeToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The token as stored: the SHA-256 of its text, 64 lower-case hex digits. */
export function oneTimeTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
