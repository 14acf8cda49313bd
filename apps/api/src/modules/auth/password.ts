import { hash, verify } from '@node-rs/argon2';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/**
 * Password hashing and the common-password rule (OWASP ASVS 4.0.3
 * V2.4.1 and V2.4.4, OWASP Password Storage Cheat Sheet): argon2id with m = 19456 KiB (19 MiB),
 * t = 2, p = 1, a 16-byte random salt, as a PHC string. Hashing runs on libuv's thread pool
 * (about 35 ms on this machine), never on the event loop.
 */

/** argon2id parameters: memory in KiB, passes, lanes. */
export const ARGON2_PARAMS = {
  // `Algorithm.Argon2id`, a const enum that `verbatimModuleSyntax` cannot import.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** The PHC string of `password` (`$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS);
}

/** Whether `password` matches `phc`; false (never throws) for a malformed hash. */
export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/**
 * Verifies `password` against a hash of a random password at the same cost, and answers false:
 * a sign-in with an unknown username does the same work as one with a wrong password, so the time
 * taken does not reveal whether an account exists (ASVS 4.0.3 V2.2.1: no user
 * enumeration).
 */
export async function verifyDummyPassword(password: string): Promise<false> {
  dummy ??= hashPassword(crypto.randomUUID());
  await verifyPassword(await dummy, password);
  return false;
}

let zxcvbn: ZxcvbnFactory | undefined;

/** Words of this store that make a password guessable whatever else it holds (ASVS 5.0 V6.2.11). */
const CONTEXT_WORDS = ['roamwise', 'esim', 'travel', 'esimstore'];

/**
 * Whether `password` is a common one: zxcvbn-ts (with `@zxcvbn-ts/language-common`: ~49,000
 * common passwords, diceware words, keyboard patterns) estimates fewer than 10^6 guesses
 * (score 0 or 1), counting the user's own words (`userInputs`: username, e-mail, names) and the
 * store's name as known (ASVS 4.0.3 V2.1.7). `passwordpassword`, `123456789012` and
 * `qwertyuiopasdf` are common; `correct horse battery` is not.
 */
export function isCommonPassword(password: string, userInputs: readonly string[] = []): boolean {
  zxcvbn ??= new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs });
  const inputs = [...CONTEXT_WORDS, ...userInputs.filter((s) => s.length > 0).map((s) => s.toLowerCase())];
  return zxcvbn.check(password.slice(0, 256), inputs).score <= 1;
}
