import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { appMeta } from '../db/schema';
import type { Env } from '../env';

export type Secrets = { jwtKey: Uint8Array; codeKey: Buffer };

const KEY = 'signing_secret';

/**
 * JWT_SECRET, or else one random secret kept in the database (`app_meta`), so
 * every app process on the same PostgreSQL signs and checks tokens, codes and
 * visitor keys alike without sharing a disk or any configuration
 * (docs/decisions/0026-many-processes-and-faults.md). The first process to
 * start creates it; an installation from before, which kept it in
 * DATA_DIR/jwt-secret, moves that one in so its sessions stay good.
 */
export async function loadSecrets(env: Pick<Env, 'JWT_SECRET' | 'DATA_DIR'>, db: Db): Promise<Secrets> {
  const secret = env.JWT_SECRET ?? (await sharedSecret(env.DATA_DIR, db));
  const key = Buffer.from(secret, 'utf8');
  return { jwtKey: new Uint8Array(key), codeKey: Buffer.concat([key, Buffer.from(':codes')]) };
}

async function sharedSecret(dataDir: string, db: Db): Promise<string> {
  const [stored] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, KEY));
  const existing = (stored?.value as { secret?: string } | undefined)?.secret;
  if (existing) return existing;
  const legacyFile = path.join(dataDir, 'jwt-secret');
  const legacy = fs.existsSync(legacyFile) ? fs.readFileSync(legacyFile, 'utf8').trim() : '';
  const fresh = legacy || randomBytes(48).toString('base64url');
  // Processes starting together: the first insert wins and everyone reads it back.
  await db.execute(
    sql`insert into app_meta (key, value) values (${KEY}, ${JSON.stringify({ secret: fresh })}::jsonb) on conflict (key) do nothing`,
  );
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, KEY));
  const secret = (row?.value as { secret?: string } | undefined)?.secret;
  if (!secret) throw new Error('the signing secret could not be stored in the database');
  return secret;
}
