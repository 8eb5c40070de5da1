import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import type { novels } from '../../db/schema';
import type { CowriteStory } from '../../generation/prompts/revise';
import { toArray } from './versions';

type NovelRow = typeof novels.$inferSelect;

/**
 * What a co-writing prompt knows of the story (docs/decisions/0056), as a continuation does: the
 * characters, the pinned facts, and the story memory of the nearest chapter before `beforeIndex`
 * on the chosen path (the author's edit wins; '' for none).
 */
export async function cowriteStoryOf(db: DbOrTx, novel: NovelRow, beforeIndex: number): Promise<CowriteStory> {
  const ids = novel.path.slice(0, beforeIndex);
  let memory = '';
  if (ids.length) {
    const found = await db.execute<{ memory: string | null }>(sql`
      select coalesce(memory_edited, memory) as memory from chapters
      where id = any(${toArray(ids)}::bigint[]) and coalesce(memory_edited, memory) is not null
      order by index desc limit 1`);
    memory = found.rows[0]?.memory ?? '';
  }
  return { language: novel.language, spicy: novel.isR18, params: novel.params, pinnedFacts: novel.pinnedFacts, memory };
}
