import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { foldTag, foldTags } from './tags';

export type FeedQuery = {
  page: number;
  language?: string | undefined;
  snapshot?: number | undefined;
  tag?: string | undefined;
  exclude_tags?: string[] | undefined;
};

export const NO_FILTERS = { tag: false, exclude: false, muter: false } as const;

/**
 * The feed's issue-51 filters for one request: the `tag` asked for and the excluded tags (the query's and
 * the reader's saved ones), folded as stored; `muter` when the reader has muted anyone. One query for a
 * signed-in reader, none for a visitor.
 */
export async function feedFilters(
  db: Db,
  options: { viewer: string | null; tag?: string | undefined; exclude?: string[] | undefined },
): Promise<{ tag?: string; exclude?: string[]; muter?: string }> {
  const saved = options.viewer ? await savedFilters(db, options.viewer) : { excludeTags: [], mutes: false };
  const excluded = await foldTags([...(options.exclude ?? []), ...saved.excludeTags]);
  return {
    ...(options.tag ? { tag: await foldTag(options.tag) } : {}),
    ...(excluded.length > 0 ? { exclude: excluded } : {}),
    ...(saved.mutes && options.viewer ? { muter: options.viewer } : {}),
  };
}

async function savedFilters(db: Db, viewer: string): Promise<{ excludeTags: string[]; mutes: boolean }> {
  const result = await db.execute<{ exclude_tags: string[] | null; mutes: boolean }>(sql`
    select (select exclude_tags from reading_settings where user_uid = ${viewer}) as exclude_tags,
           exists (select 1 from mutes where user_uid = ${viewer}) as mutes`);
  const row = result.rows[0];
  return { excludeTags: row?.exclude_tags ?? [], mutes: Boolean(row?.mutes) };
}
