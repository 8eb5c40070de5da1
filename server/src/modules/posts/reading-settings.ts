import type { ReadingSettings } from '@butterfic/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { readingSettings } from '../../db/schema';
import type { AuthUser } from '../../plugins/auth';

const DEFAULTS: ReadingSettings = { exclude_tags: [], hide_spoilers: false, digest: true };

/** A reader's saved filters and choices (defaults until they change one). */
export async function getReadingSettings(db: Db, options: { user: AuthUser }): Promise<ReadingSettings> {
  const [row] = await db.select().from(readingSettings).where(eq(readingSettings.userUid, options.user.uid));
  return row ? { exclude_tags: row.excludeTags, hide_spoilers: row.hideSpoilers, digest: row.digest } : DEFAULTS;
}

/** Changes what is sent; the rest stays. */
export async function saveReadingSettings(
  db: Db,
  options: { user: AuthUser; changes: Partial<ReadingSettings> },
): Promise<ReadingSettings> {
  const { user, changes } = options;
  const set = {
    ...(changes.exclude_tags && { excludeTags: [...new Set(changes.exclude_tags)] }),
    ...(changes.hide_spoilers !== undefined && { hideSpoilers: changes.hide_spoilers }),
    ...(changes.digest !== undefined && { digest: changes.digest }),
  };
  await db
    .insert(readingSettings)
    .values({ userUid: user.uid, ...set })
    .onConflictDoUpdate({ target: readingSettings.userUid, set: Object.keys(set).length > 0 ? set : { userUid: user.uid } });
  return getReadingSettings(db, { user });
}
