import { randomBytes } from 'node:crypto';

/** RFC 4648 base32 alphabet: letters and 2-7 (no 0, 1, 8 or 9, which are easily misread as O, I, B or g). */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * A new support reference, `SUP-` and 8 base32 characters of 40 bits from the operating
 * system's CSPRNG (`crypto.randomBytes`), e.g. `SUP-7K3M4Q2X`: unguessable, so a reference
 * says nothing about how many messages the store has and cannot be enumerated.
 * @param random the 5 random bytes (tests pass fixed ones).
 */
export function newSupportReference(random: (size: number) => Buffer = randomBytes): string {
  const bytes = random(5);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let out = '';
  for (let i = 7; i >= 0; i--) out += BASE32[Number((bits >> BigInt(i * 5)) & 31n)];
  return `SUP-${out}`;
}
