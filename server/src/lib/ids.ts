import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** An opaque, unguessable id (CONTRACT.md section 3: never sequential). 20 chars of base36 ≈ 103 bits. */
export function newUid(length = 20): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % 36];
  return out;
}
