import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db';

/** A signed-in reader's own facts about one post and its author (post details, issue 51), in one query. */
export async function viewerFacts(
  db: DbOrTx,
  options: { viewer: string; post: string; author: string },
): Promise<{ kudoed: boolean; bookmarked: boolean; following_author: boolean; muted_author: boolean }> {
  const { viewer, post, author } = options;
  const result = await db.execute<{ kudoed: boolean; bookmarked: boolean; following_author: boolean; muted_author: boolean }>(sql`
    select exists (select 1 from post_kudos where post_uid = ${post} and user_uid = ${viewer}) as kudoed,
           exists (select 1 from post_bookmarks where post_uid = ${post} and user_uid = ${viewer}) as bookmarked,
           exists (select 1 from follows where follower_uid = ${viewer} and author_uid = ${author}) as following_author,
           exists (select 1 from mutes where user_uid = ${viewer} and muted_uid = ${author}) as muted_author`);
  const row = result.rows[0];
  return {
    kudoed: Boolean(row?.kudoed),
    bookmarked: Boolean(row?.bookmarked),
    following_author: Boolean(row?.following_author),
    muted_author: Boolean(row?.muted_author),
  };
}
