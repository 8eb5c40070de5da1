import type { NovelMemory, SaveMemoryBody } from '@butterfic/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { chapters, novels } from '../../db/schema';
import type { AuthUser } from '../../plugins/auth';
import type { Safety } from '../../safety';
import { ownNovel } from './service';

/**
 * The author's side of story memory (docs/decisions/0033-story-memory.md): what the next chapter's
 * prompt carries besides the recent text (the memory of the chosen path, the pinned facts, the
 * author's note), to read and to steer. Author only; posts and shared pages never show it.
 */
async function memoryOfPath(
  db: DbOrTx,
  novel: { uid: string; path: number[]; writtenBy: string; authorNote: string; pinnedFacts: string[] },
): Promise<NovelMemory> {
  const rows = novel.path.length
    ? await db
        .select({ index: chapters.index, memory: chapters.memory, memoryEdited: chapters.memoryEdited })
        .from(chapters)
        .where(inArray(chapters.id, novel.path))
        .orderBy(asc(chapters.index))
    : [];
  const latest = rows.filter((row) => row.memory !== null || row.memoryEdited !== null).at(-1);
  const generated = latest?.memory ?? '';
  const edited = latest?.memoryEdited ?? null;
  return {
    novel_uid: novel.uid,
    memory: edited ?? generated,
    generated_memory: generated,
    memory_source: edited !== null ? 'edited' : generated ? (novel.writtenBy === 'offline' ? 'extract' : 'generated') : 'none',
    memory_chapters: latest ? latest.index + 1 : 0,
    chapters: novel.path.length,
    author_note: novel.authorNote,
    pinned_facts: novel.pinnedFacts,
  };
}

export async function novelMemory(db: Db, { user, novelUid }: { user: AuthUser; novelUid: string }): Promise<NovelMemory> {
  return memoryOfPath(db, await ownNovel(db, { user, uid: novelUid }));
}

/**
 * Saves what the author changed: the memory (on the last chapter of the chosen path, where the next
 * chapter reads it; null or '' goes back to the generated memory), the note, the pinned facts. All
 * pass the safety check for the novel's rating, as plots do, before anything is saved.
 */
export async function saveMemory(
  db: Db,
  { safety, user, body }: { safety: Safety; user: AuthUser; body: SaveMemoryBody },
): Promise<NovelMemory> {
  const current = await ownNovel(db, { user, uid: body.novel_uid });
  await safety.refuse([body.memory, body.author_note, ...(body.pinned_facts ?? [])], {
    language: current.language,
    rating: current.isR18 ? 'adult' : 'general',
    account: user.uid,
  });
  return db.transaction(async (tx) => {
    const novel = await ownNovel(tx, { user, uid: body.novel_uid, lock: true });
    const changes = {
      ...(body.author_note !== undefined && { authorNote: body.author_note }),
      ...(body.pinned_facts !== undefined && { pinnedFacts: [...new Set(body.pinned_facts)] }),
    };
    const [updated] = Object.keys(changes).length
      ? await tx.update(novels).set(changes).where(eq(novels.uid, novel.uid)).returning()
      : [novel];
    if (body.memory !== undefined && novel.path.length) {
      if (body.memory) {
        await tx
          .update(chapters)
          .set({ memoryEdited: body.memory })
          .where(eq(chapters.id, novel.path.at(-1)!));
      } else {
        await tx
          .update(chapters)
          .set({ memoryEdited: null })
          .where(and(eq(chapters.novelUid, novel.uid), inArray(chapters.id, novel.path)));
      }
    }
    return memoryOfPath(tx, updated ?? novel);
  });
}
