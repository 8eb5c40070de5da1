import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { matchCodex, type CodexInput } from '../../generation/prompts/codex';
import type { PromptPart } from '../../generation/prompts/layout';
import { queryTerms } from '../../generation/retrieval';
import type { RoomItem, WritersRoom } from '../../generation/room';
import type { StoryRequest } from '../../generation/types';
import { ancestorsOf, codexOfNovels } from './codex';
import type { Embedder } from '../../generation/providers/embeddings';
import { embedPassages, fuseRankings, indexPassages, nearestPassages, rankPassages } from './passages';

/** Passages ranked for a prompt, at most (the layout takes what fits). */
const RANKED_PASSAGES = 12;

/** What says what the next chapter is about: the query the passages are ranked by. */
function aboutNext(story: StoryRequest, fired: CodexInput[]): string {
  return [
    story.authorNote ?? '',
    story.direction ?? '',
    ...(story.beats ?? []),
    ...fired.flatMap((e) => [e.name, ...e.aliases]),
    story.params.plot,
  ].join('\n');
}

/**
 * The writer's room for the engine (generation/room.ts): codex entries on each story's path
 * (progressions through its versions only), passages of the chapters it follows ranked by PostgreSQL's
 * text search, and the prompt's parts kept on the chapter version (chapters.context).
 */
export function writersRoom(
  db: Db,
  { log, codexTokens, embedder }: { log: FastifyBaseLogger; codexTokens?: number | undefined; embedder?: Embedder | null },
): WritersRoom {
  /** Text search, and with EMBEDDINGS_MODEL the nearest passages by meaning too (a failure of those is logged and skipped). */
  const passagesFor = async (story: StoryRequest, line: number[], fired: CodexInput[]) => {
    const about = aboutNext(story, fired);
    const byTerms = await rankPassages(db, { chapterIds: line, terms: queryTerms(about), limit: RANKED_PASSAGES });
    if (!embedder) return byTerms;
    try {
      await embedPassages(db, { embedder, chapterIds: line });
      const byMeaning = await nearestPassages(db, { embedder, chapterIds: line, query: about, limit: RANKED_PASSAGES });
      return fuseRankings([byTerms, byMeaning], RANKED_PASSAGES);
    } catch (error) {
      log.warn({ err: error }, 'the embeddings endpoint failed; passages ranked by text search alone');
      return byTerms;
    }
  };
  const furnishAll = async (items: RoomItem[]) => {
    const written = items.filter((i): i is RoomItem & { chapterId: number } => i.chapterId !== null);
    const ancestors = await ancestorsOf(db, written.map((i) => i.chapterId));
    const codex = await codexOfNovels(db, { novelUids: [...new Set(items.map((i) => i.novelUid))] });
    await indexPassages(db, { chapterIds: [...new Set([...ancestors.values()].flat().map((a) => a.id))] });
    for (const item of items) {
      const line = new Set((item.chapterId === null ? [] : (ancestors.get(item.chapterId) ?? [])).map((a) => a.id));
      const entries = (codex.get(item.novelUid) ?? []).filter((e) => e.chapterId === null || line.has(e.chapterId));
      item.story.codex = entries.map(({ uid, name, aliases, text, always }) => ({ uid, name, aliases, text, always }));
      if (codexTokens) item.story.codexBudget = codexTokens;
      if (!line.size) continue;
      const fired = matchCodex(item.story.codex, {
        plot: item.story.params.plot,
        story: item.story.storySoFar,
        note: item.story.authorNote ?? '',
        direction: item.story.direction ?? null,
        beats: item.story.beats ?? [],
      }).map((hit) => hit.entry);
      item.story.passages = await passagesFor(item.story, [...line], fired);
    }
  };
  return {
    async furnish(items) {
      try {
        await furnishAll(items);
      } catch (error) {
        log.error({ err: error }, 'could not read the codex and passages of stories; written without them');
      }
    },
    async keep({ chapterId, contextTokens, parts }: { chapterId: number; contextTokens: number; parts: PromptPart[] }) {
      const context = { context_tokens: contextTokens, total_tokens: parts.reduce((sum, p) => sum + p.tokens, 0), parts };
      try {
        await db.execute(sql`update chapters set context = ${JSON.stringify(context)}::jsonb where id = ${chapterId}`);
      } catch (error) {
        log.warn({ err: error, chapterId }, 'could not keep what the model was given for a chapter');
      }
    },
  };
}
