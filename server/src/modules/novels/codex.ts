import {
  CODEX_ENTRIES_MAX,
  CODEX_TEXT_MAX,
  type CodexEntry,
  type CodexEntryInput,
  type CodexList,
  type SaveCodexBody,
} from '@butterfic/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { AppError } from '../../lib/errors';
import { newUid } from '../../lib/ids';
import type { AuthUser } from '../../plugins/auth';
import type { Safety } from '../../safety';
import { ownNovel } from './service';
import { toArray } from './versions';

/**
 * A story's codex (issue 49, docs/decisions/0055-writers-room.md): entries the author keeps about the
 * characters, places and world, which go into a chapter's prompt when they are named (or always). An
 * entry pinned to a chapter version (`chapter_id`) is a progression: it applies from the chapter after
 * that version, on paths through it only. Author only; posts and shared pages never show it.
 */

type Row = {
  uid: string;
  name: string;
  aliases: string[];
  text: string;
  always: boolean;
  chapter_id: string | null;
  chapter_index: number | null;
  version: number | null;
};

/** A novel's entries in order, each progression with its chapter's place and version. */
async function entriesOf(db: DbOrTx, novelUid: string): Promise<CodexEntry[]> {
  const result = await db.execute<Row>(sql`
    select e.uid, e.name, e.aliases, e.text, e.always, e.chapter_id, c.index as chapter_index, c.version
    from codex_entries e left join chapters c on c.id = e.chapter_id
    where e.novel_uid = ${novelUid} order by e.position, e.id`);
  return result.rows.map((r) => ({
    uid: r.uid,
    name: r.name,
    aliases: r.aliases,
    text: r.text,
    always: r.always,
    chapter_index: r.chapter_index,
    version: r.version,
  }));
}

export async function listCodex(db: Db, { user, novelUid }: { user: AuthUser; novelUid: string }): Promise<CodexList> {
  await ownNovel(db, { user: user, uid: novelUid });
  return { novel_uid: novelUid, entries: await entriesOf(db, novelUid) };
}

/**
 * The chapter version an entry is pinned to: version `version` of chapter `index` among the versions
 * that follow the chosen path's chapter before it (the versions the reader swipes between there).
 */
async function versionId(tx: DbOrTx, novel: { uid: string; path: number[] }, index: number, version: number): Promise<number> {
  const parent = index === 0 ? null : (novel.path[index - 1] ?? -1);
  const result = await tx.execute<{ id: string }>(sql`
    select id from chapters where novel_uid = ${novel.uid} and index = ${index} and version = ${version}
      and parent_id is not distinct from ${parent}::bigint`);
  const id = result.rows[0]?.id;
  if (id === undefined) throw new AppError('invalidInput', { message: 'invalidField', params: { field: 'entries.version' } });
  return Number(id);
}

/**
 * Saves the whole list (entries left out are deleted; an entry keeps its uid when sent with it). The
 * names, aliases and texts pass the safety check for the novel's rating, as a plot does, before
 * anything is saved.
 */
export async function saveCodex(
  db: Db,
  { safety, user, body }: { safety: Safety; user: AuthUser; body: SaveCodexBody },
): Promise<CodexList> {
  const current = await ownNovel(db, { user: user, uid: body.novel_uid });
  await safety.refuse(codexTexts(body.entries), {
    language: current.language,
    rating: current.isR18 ? 'adult' : 'general',
    account: user.uid,
  });
  return db.transaction(async (tx) => {
    const novel = await ownNovel(tx, { user: user, uid: body.novel_uid, lock: true });
    const known = new Set((await entriesOf(tx, novel.uid)).map((e) => e.uid));
    const rows = [];
    for (const [position, entry] of body.entries.entries()) {
      const chapterId =
        entry.chapter_index === null || entry.version === null ? null : await versionId(tx, novel, entry.chapter_index, entry.version);
      rows.push({ ...entry, uid: entry.uid && known.has(entry.uid) ? entry.uid : newUid(), position, chapterId });
    }
    await writeEntries(tx, novel.uid, rows);
    return { novel_uid: novel.uid, entries: await entriesOf(tx, novel.uid) };
  });
}

/** Every text of a list of entries, for the safety check. */
export const codexTexts = (entries: CodexEntryInput[]): string[] => entries.flatMap((e) => [e.name, ...e.aliases, e.text]);

type Stored = { uid: string; position: number; name: string; aliases: string[]; text: string; always: boolean; chapterId: number | null };

/** Replaces a novel's entries by `rows` in one statement each (delete, then upsert). */
async function writeEntries(tx: DbOrTx, novelUid: string, rows: Stored[]): Promise<void> {
  await tx.execute(
    sql`delete from codex_entries where novel_uid = ${novelUid} and not (uid = any(${`{${rows.map((r) => r.uid).join(',')}}`}::text[]))`,
  );
  if (!rows.length) return;
  const values = rows.map(
    (r) =>
      sql`(${r.uid}, ${novelUid}, ${r.position}, ${r.name}, ${`{${r.aliases.map((a) => JSON.stringify(a)).join(',')}}`}::text[], ${r.text}, ${r.always}, ${r.chapterId})`,
  );
  await tx.execute(sql`
    insert into codex_entries (uid, novel_uid, position, name, aliases, text, always, chapter_id)
    values ${sql.join(values, sql`, `)}
    on conflict (uid) do update set position = excluded.position, name = excluded.name, aliases = excluded.aliases,
      text = excluded.text, always = excluded.always, chapter_id = excluded.chapter_id, updated_at = now()`);
}

/**
 * A new story's first entries: one per character from the form (or the persona it was filled from),
 * then the entries of the cards' character books (V2/V3 `character_book`), at most CODEX_ENTRIES_MAX.
 */
export async function seedCodex(
  db: DbOrTx,
  {
    novelUid,
    params,
    book = [],
  }: {
    novelUid: string;
    params: { char_a_name: string; char_a_setting: string; char_b_name: string; char_b_setting: string };
    book?: CodexEntryInput[];
  },
): Promise<void> {
  const cut = (text: string) => Array.from(text).slice(0, CODEX_TEXT_MAX).join('');
  const characters = [
    { name: params.char_a_name, text: params.char_a_setting },
    { name: params.char_b_name, text: params.char_b_setting },
  ].filter((c, i, all) => c.name && all.findIndex((o) => o.name === c.name) === i);
  const rows: Stored[] = [
    ...characters.map((c) => ({ name: c.name, aliases: [], text: cut(c.text), always: false })),
    ...book.map((e) => ({ name: e.name, aliases: e.aliases, text: e.text, always: e.always })),
  ]
    .slice(0, CODEX_ENTRIES_MAX)
    .map((e, position) => ({ ...e, uid: newUid(), position, chapterId: null }));
  if (rows.length) await writeEntries(db, novelUid, rows);
}

/** Every entry of the given novels, in order (the room keeps those on each story's path: progressions by `chapterId`). */
export async function codexOfNovels(
  db: DbOrTx,
  { novelUids }: { novelUids: string[] },
): Promise<Map<string, { uid: string; name: string; aliases: string[]; text: string; always: boolean; chapterId: number | null }[]>> {
  const out = new Map<
    string,
    { uid: string; name: string; aliases: string[]; text: string; always: boolean; chapterId: number | null }[]
  >();
  if (!novelUids.length) return out;
  const result = await db.execute<{
    novel_uid: string;
    uid: string;
    name: string;
    aliases: string[];
    text: string;
    always: boolean;
    chapter_id: string | null;
  }>(sql`
    select novel_uid, uid, name, aliases, text, always, chapter_id from codex_entries
    where novel_uid = any(${`{${novelUids.join(',')}}`}::text[]) order by novel_uid, position, id`);
  for (const r of result.rows) {
    const list = out.get(r.novel_uid) ?? [];
    list.push({
      uid: r.uid,
      name: r.name,
      aliases: r.aliases,
      text: r.text,
      always: r.always,
      chapterId: r.chapter_id === null ? null : Number(r.chapter_id),
    });
    out.set(r.novel_uid, list);
  }
  return out;
}

/** The versions a chapter version follows (its ancestors by parent_id), for a batch, in one query. */
export async function ancestorsOf(db: DbOrTx, chapterIds: number[]): Promise<Map<number, { id: number; index: number }[]>> {
  const out = new Map<number, { id: number; index: number }[]>();
  if (!chapterIds.length) return out;
  const result = await db.execute<{ start: string; id: string; index: number }>(sql`
    with recursive up as (
      select id as start, parent_id as id from chapters where id = any(${toArray(chapterIds)}::bigint[])
      union all
      select up.start, c.parent_id from chapters c join up on c.id = up.id where c.parent_id is not null
    )
    select up.start, up.id, c.index from up join chapters c on c.id = up.id where up.id is not null order by up.start, c.index`);
  for (const r of result.rows) {
    const list = out.get(Number(r.start)) ?? [];
    list.push({ id: Number(r.id), index: r.index });
    out.set(Number(r.start), list);
  }
  return out;
}
