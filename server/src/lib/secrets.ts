import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Env } from '../env';
import { ensureDataDir } from './data-dir';

export type Secrets = { jwtKey: Uint8Array; codeKey: Buffer };

/** JWT_SECRET, or a random secret generated once and kept in DATA_DIR/jwt-secret (mode 600). */
export function loadSecrets(env: Pick<Env, 'JWT_SECRET' | 'DATA_DIR'>): Secrets {
  let secret = env.JWT_SECRET;
  if (!secret) {
    const file = path.join(env.DATA_DIR, 'jwt-secret');
    ensureDataDir(env.DATA_DIR);
    try {
      fs.writeFileSync(file, randomBytes(48).toString('base64url') + '\n', { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    secret = fs.readFileSync(file, 'utf8').trim();
  }
  const key = Buffer.from(secret, 'utf8');
  return { jwtKey: new Uint8Array(key), codeKey: Buffer.concat([key, Buffer.from(':codes')]) };
}
