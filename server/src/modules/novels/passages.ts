import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { cosine, type Embedder } from '../../generation/providers/embeddings';
import { searchTerms, splitPassages } from '../../generation/retrieval';
import type { RetrievedPassage } from '../../generation/types';
import { toArray } from './versions';

/**
 * Passages of written chapters (issue 49, docs/decisions/0055-writers-room.md), kept in
 * `story_passages` with a tsvector of CJK-aware terms (generation/retrieval.ts) under a GIN index, so
 * PostgreSQL's own text search ranks them on the embedded server. A chapter's passages are written
 * the first time a prompt after it needs them, and again when its text has changed (an edit).
 */

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

/** Writes the passages of the given chapter versions whose text is not indexed yet (or changed). */
export async function indexPassages(db: DbOrTx, { chapterIds }: { chapterIds: number[] }): Promise<void> {
  if (!chapterIds.length) return;
  const stale = await db.execute<{ id: string; content: string }>(sql`
    select c.id, c.content from chapters c
    where c.id = any(${toArray(chapterIds)}::bigint[]) and c.content <> ''
      and not exists (select 1 from story_passages p where p.chapter_id = c.id and p.position = 0
        and p.content_hash = left(encode(sha256(convert_to(c.content, 'UTF8')), 'hex'), 32))`);
  for (const row of stale.rows) {
    const id = Number(row.id);
    const passages = splitPassages(row.content);
    const hash = hashOf(row.content);
    await db.execute(sql`delete from story_passages where chapter_id = ${id}`);
    if (!passages.length) continue;
    const values = passages.map(
      (text, position) => sql`(${id}, ${position}, ${hash}, ${text}, to_tsvector('simple', ${searchTerms(text).join(' ')}))`,
    );
    await db.execute(sql`
      insert into story_passages (chapter_id, position, content_hash, text, terms) values ${sql.join(values, sql`, `)}
      on conflict (chapter_id, position) do nothing`);
  }
}

/**
 * The passages of `chapterIds` (a line of versions: passages follow the chosen path) most relevant to
 * `terms`, best first: any term matches, ranked by ts_rank_cd, then the later chapter.
 */
export async function rankPassages(
  db: DbOrTx,
  { chapterIds, terms, limit }: { chapterIds: number[]; terms: string[]; limit: number },
): Promise<RetrievedPassage[]> {
  const words = terms.map((t) => t.replace(/[^\p{L}\p{N}]/gu, '')).filter(Boolean);
  if (!chapterIds.length || !words.length) return [];
  const query = words.map((w) => `'${w}'`).join(' | ');
  const result = await db.execute<{ index: number; position: number; text: string }>(sql`
    select c.index, p.position, p.text
    from story_passages p join chapters c on c.id = p.chapter_id,
      to_tsquery('simple', ${query}) q
    where p.chapter_id = any(${toArray(chapterIds)}::bigint[]) and p.terms @@ q
    order by ts_rank_cd(p.terms, q) desc, c.index desc, p.position
    limit ${limit}`);
  return result.rows.map((r) => ({ chapterIndex: r.index, position: r.position, text: r.text }));
}

/** Fills the embeddings of the passages of `chapterIds` that have none (at most `max` a call). */
export async function embedPassages(db: DbOrTx, { embedder, chapterIds, max = 256 }: { embedder: Embedder; chapterIds: number[]; max?: number }): Promise<void> {
  if (!chapterIds.length) return;
  const missing = await db.execute<{ id: string; text: string }>(sql`
    select id, text from story_passages where chapter_id = any(${toArray(chapterIds)}::bigint[]) and embedding is null order by id limit ${max}`);
  if (!missing.rows.length) return;
  const vectors = await embedder.embed(missing.rows.map((r) => r.text));
  for (const [i, row] of missing.rows.entries()) {
    await db.execute(sql`update story_passages set embedding = ${`{${vectors[i]!.map(Number).join(',')}}`}::real[] where id = ${Number(row.id)}`);
  }
}

/** The passages of `chapterIds` nearest to `query` by their embeddings, best first. */
export async function nearestPassages(
  db: DbOrTx,
  { embedder, chapterIds, query, limit }: { embedder: Embedder; chapterIds: number[]; query: string; limit: number },
): Promise<RetrievedPassage[]> {
  if (!chapterIds.length || !query.trim()) return [];
  const [wanted] = await embedder.embed([query]);
  const rows = await db.execute<{ index: number; position: number; text: string; embedding: number[] }>(sql`
    select c.index, p.position, p.text, p.embedding from story_passages p join chapters c on c.id = p.chapter_id
    where p.chapter_id = any(${toArray(chapterIds)}::bigint[]) and p.embedding is not null`);
  return rows.rows
    .map((r) => ({ passage: { chapterIndex: r.index, position: r.position, text: r.text }, score: cosine(wanted ?? [], r.embedding.map(Number)) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((r) => r.passage);
}

/** Two rankings as one (reciprocal rank fusion): a passage high in either comes first. */
export function fuseRankings(lists: RetrievedPassage[][], limit: number): RetrievedPassage[] {
  const scores = new Map<string, { passage: RetrievedPassage; score: number }>();
  for (const list of lists) {
    for (const [rank, passage] of list.entries()) {
      const key = `${passage.chapterIndex}:${passage.position}`;
      const entry = scores.get(key) ?? { passage, score: 0 };
      entry.score += 1 / (60 + rank);
      scores.set(key, entry);
    }
  }
  return [...scores.values()].sort((a, b) => b.score - a.score).slice(0, limit).map((e) => e.passage);
}
