import { rewardInbox } from '@butterfic/contract';
import { eq, sql } from 'drizzle-orm';
import { isEmailLocalPart, penName } from '../lib/pen-names';
import type { Db } from './client';
import { appMeta, personas, users } from './schema';

const KEY = 'pen_names';
const VERSION = 1;

export type PenNameReport = { renamed: number; rewards: number };

/**
 * Data step of migration 0022 (issue 25, docs/decisions/0036), run once by runMigrations:
 *
 * - every account whose name is its e-mail's local part (or the whole address) gets a pen name in its
 *   language, and its personas, which keep the author's name as published, show the pen name too;
 * - invitation rewards already paid are recorded per folded inbox, so an inbox that was paid before
 *   is not paid again.
 */
export async function givePenNames(db: Db, options: { force?: boolean } = {}): Promise<PenNameReport | null> {
  const [done] = await db.select().from(appMeta).where(eq(appMeta.key, KEY));
  if (done && !options.force && (done.value as { version?: number }).version === VERSION) return null;
  const candidates = await db
    .select({ uid: users.uid, name: users.name, email: users.email, language: users.language })
    .from(users)
    .where(
      sql`lower(${users.name}) = lower(regexp_replace(${users.email}, '@[^@]*$', '')) or lower(${users.name}) = lower(${users.email})`,
    );
  let renamed = 0;
  for (const user of candidates) {
    if (!isEmailLocalPart(user.name, user.email)) continue;
    const name = penName(user.language);
    await db
      .update(users)
      .set({ name, updatedAt: sql`now()` })
      .where(eq(users.uid, user.uid));
    await db.update(personas).set({ authorName: name }).where(eq(personas.authorUid, user.uid));
    renamed++;
  }
  const paid = await db.execute<{
    kind: 'invite' | 'invited';
    invitee_uid: string;
    inviter_uid: string;
    email: string;
    created_at: Date;
  }>(sql`
    select l.kind, u.uid as invitee_uid, u.invited_by as inviter_uid, u.email, l.created_at
    from ledger l join users u on u.uid = l.ref
    where l.kind in ('invite', 'invited') and u.invited_by is not null
    order by l.created_at, l.id`);
  let rewards = 0;
  for (const row of paid.rows) {
    const inserted = await db.execute(sql`
      insert into invite_rewards (inbox, kind, invitee_uid, inviter_uid, created_at)
      values (${rewardInbox(row.email)}, ${row.kind}, ${row.invitee_uid}, ${row.inviter_uid}, ${row.created_at})
      on conflict do nothing returning inbox`);
    rewards += inserted.rows.length;
  }
  const value = { version: VERSION, renamed, rewards };
  await db
    .insert(appMeta)
    .values({ key: KEY, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: sql`now()` } });
  return { renamed, rewards };
}
