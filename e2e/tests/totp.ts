import { createHmac } from 'node:crypto';

/** RFC 6238 as the store uses it: HMAC-SHA1, 30-second steps, 6 digits. */
const STEP_S = 30;
const DIGITS = 6;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * Decodes an RFC 4648 base32 secret, as authenticator apps take it: case, spaces and `=` padding
 * are ignored.
 * @throws Error for a character outside the base32 alphabet.
 */
export function base32Decode(secret: string): Buffer {
  const clean = secret.replace(/[\s=]/g, '').toUpperCase();
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index === -1) throw new Error(`Not a base32 character: ${JSON.stringify(char)}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >>> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** The 30-second step that `timeMs` falls in (RFC 6238 `T`). */
export function totpStep(timeMs: number = Date.now()): number {
  return Math.floor(timeMs / 1000 / STEP_S);
}

/** The TOTP code of a step (RFC 4226 HOTP with the step as counter, dynamic truncation). */
export function totpAt(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** DIGITS).padStart(DIGITS, '0');
}

/**
 * A TOTP code of the current step that has not been used yet: codes are single use (the server
 * stores the last step it accepted), so when `lastStep` is the current step this waits for the
 * next one.
 * @returns the code and its step (pass it back as `lastStep` next time).
 */
export async function freshTotp(secret: string, lastStep?: number): Promise<{ code: string; step: number }> {
  let step = totpStep();
  while (lastStep !== undefined && step <= lastStep) {
    const waitMs = (lastStep + 1) * STEP_S * 1000 - Date.now() + 200;
    await new Promise((resolve) => setTimeout(resolve, Math.max(waitMs, 50)));
    step = totpStep();
  }
  return { code: totpAt(secret, step), step };
}
