import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { decodeBase32IgnorePadding, encodeBase32UpperCaseNoPadding } from '@oslojs/encoding';
import { createTOTPKeyURI, generateHOTP } from '@oslojs/otp';

/**
 * TOTP per RFC 6238 (OWASP ASVS 4.0.3 V2.8.1, V2.8.3, V2.8.4): HMAC-SHA-1, 30-second
 * steps, 6 digits, the current step and one either side accepted. Secrets are 160 bits from the
 * CSPRNG (RFC 4226 section 4), stored encrypted with AES-256-GCM under a key derived from
 * `AUTH_SECRET` (HKDF-SHA-256), never in clear.
 */

export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of the current one (clock drift). */
export const TOTP_WINDOW = 1;
export const TOTP_ISSUER = 'Roamwise';

/** A new secret: 20 random bytes. */
export function newTotpSecret(): Uint8Array {
  return new Uint8Array(randomBytes(20));
}

/** The secret as people type it (base32, RFC 4648, upper case, no padding). */
export function secretToBase32(secret: Uint8Array): string {
  return encodeBase32UpperCaseNoPadding(secret);
}

/** The `otpauth://totp/Roamwise:<username>?secret=...&issuer=Roamwise&algorithm=SHA1&digits=6&period=30` URI. */
export function otpauthUri(username: string, secret: Uint8Array): string {
  return createTOTPKeyURI(TOTP_ISSUER, username, secret, TOTP_PERIOD_S, TOTP_DIGITS);
}

/** The RFC 6238 time step `T` at `nowMs` (epoch ms). */
export function stepAt(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_S);
}

/** The code of `secret` at step `step` (tests compute codes with it, as an authenticator app would). */
export function totpAt(secret: Uint8Array, step: number): string {
  return generateHOTP(secret, BigInt(step), TOTP_DIGITS);
}

/**
 * The time step whose code `code` is, among the current step and {@link TOTP_WINDOW} either side
 * of it, or undefined. Replays are the caller's to refuse: a step at or below the last accepted
 * one must not be accepted again (`totp_last_step`, ASVS 4.0.3 V2.8.4).
 */
export function matchTotp(secret: Uint8Array, code: string, nowMs: number): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const given = Buffer.from(code);
  const now = stepAt(nowMs);
  let found: number | undefined;
  // Every candidate is compared, in constant time, whatever matched.
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    if (timingSafeEqual(Buffer.from(totpAt(secret, step)), given) && found === undefined) found = step;
  }
  return found;
}

function deriveKey(authSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', authSecret, 'roamwise', 'totp-secret-v1', 32));
}

/**
 * Encrypts and decrypts secrets at rest with a key derived from `AUTH_SECRET`. Secrets sealed
 * under an earlier `AUTH_SECRET` (`AUTH_PREVIOUS_SECRETS`) still open, so the secret can be
 * changed without locking out enrolled accounts; new ones are always sealed under the current.
 */
export class SecretBox {
  private readonly key: Buffer;
  private readonly previousKeys: Buffer[];

  constructor(authSecret: string, previousSecrets: readonly string[] = []) {
    this.key = deriveKey(authSecret);
    this.previousKeys = previousSecrets.map(deriveKey);
  }

  /** `v1.<iv>.<ciphertext><tag>` (base64url), a fresh 96-bit IV each time. */
  seal(plain: Uint8Array): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
    return `v1.${iv.toString('base64url')}.${body.toString('base64url')}`;
  }

  /**
   * The secret sealed in `sealed`, under the current key or a previous one.
   * @throws Error when it was altered or sealed under a key this box does not have.
   */
  open(sealed: string): Uint8Array {
    const [version, ivText, bodyText] = sealed.split('.');
    if (version !== 'v1' || !ivText || !bodyText) throw new Error('unknown sealed secret format');
    const body = Buffer.from(bodyText, 'base64url');
    const iv = Buffer.from(ivText, 'base64url');
    let failure: unknown;
    for (const key of [this.key, ...this.previousKeys]) {
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAuthTag(body.subarray(body.length - 16));
        return new Uint8Array(Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]));
      } catch (error) {
        failure = error;
      }
    }
    throw failure;
  }
}

/** Decodes a base32 secret (tests and the admin CLI). */
export function secretFromBase32(text: string): Uint8Array {
  return decodeBase32IgnorePadding(text);
}

/** Crockford's base32 alphabet: no i, l, o, u, so codes read aloud or typed are not confused. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/**
 * `count` recovery codes `xxxxx-xxxxx`: 10 characters of 32 from the CSPRNG, 50 bits each (ASVS
 * 4.0.3 V2.6.2 asks for at least 20). Stored only as argon2id hashes of their normalised form.
 */
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const chars = [...randomBytes(10)].map((b) => RECOVERY_ALPHABET[b & 31]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A recovery code as typed, normalised: lower case, no spaces or hyphens (`ABCDE-FGHJK` → `abcdefghjk`). */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

/** Whether a typed code is a TOTP code (six digits, spaces ignored) rather than a recovery code. */
export function totpCodeOf(code: string): string | undefined {
  const digits = code.replace(/\s/g, '');
  return /^\d{6}$/.test(digits) ? digits : undefined;
}
