import { normalizeStoredEmail } from '@butterfic/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { appMeta, users } from './schema';

const KEY = 'email_normalisation';
const VERSION = 1;

export type NormaliseReport = { normalised: number; flagged: number };

/**
 * Brings addresses stored before issue 18 to the contract's normal form, once
 * (docs/decisions/0010-one-account-per-address.md). Rows that land on the same
 * address are never merged: one keeps the address (the row already stored in
 * normal form, else a verified one, else the oldest), the others keep their
 * stored address, which no login can reach any more, and get `email_flag` for
 * the operator. A stored address with no normal form is flagged too.
 */
export async function normaliseStoredEmails(db: Db, options: { force?: boolean } = {}): Promise<NormaliseReport | null> {
  const [done] = await db.select().from(appMeta).where(eq(appMeta.key, KEY));
  if (done && !options.force && (done.value as { version?: number }).version === VERSION) return null;
  const rows = await db
    .select({ uid: users.uid, email: users.email, verified: users.emailVerifiedAt, createdAt: users.createdAt })
    .from(users)
    .where(sql`${users.removedAt} is null`);
  const groups = new Map<string, typeof rows>();
  let flagged = 0;
  let normalised = 0;
  for (const row of rows) {
    const normal = normalizeStoredEmail(row.email);
    if (normal === null) {
      await db.update(users).set({ emailFlag: 'invalid: the stored address has no normal form' }).where(eq(users.uid, row.uid));
      flagged++;
      continue;
    }
    groups.set(normal, [...(groups.get(normal) ?? []), row]);
  }
  for (const [normal, members] of groups) {
    const ranked = [...members].sort(
      (a, b) =>
        Number(b.email === normal) - Number(a.email === normal) ||
        Number(b.verified !== null) - Number(a.verified !== null) ||
        a.createdAt.getTime() - b.createdAt.getTime() ||
        a.uid.localeCompare(b.uid),
    );
    const [keeper, ...others] = ranked;
    if (!keeper) continue;
    for (const other of others) {
      await db
        .update(users)
        .set({ emailFlag: `duplicate: ${normal} stays with account ${keeper.uid}` })
        .where(eq(users.uid, other.uid));
      flagged++;
    }
    if (keeper.email !== normal) {
      await db.update(users).set({ email: normal }).where(eq(users.uid, keeper.uid));
      normalised++;
    }
  }
  await db
    .insert(appMeta)
    .values({ key: KEY, value: { version: VERSION, normalised, flagged } })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: { version: VERSION, normalised, flagged }, updatedAt: sql`now()` } });
  return { normalised, flagged };
}
