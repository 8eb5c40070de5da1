import type { Language, Persona, PersonaInput } from '@butterfic/contract';
import { PAGE_SIZE } from '@butterfic/contract';
import { and, desc, eq, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db';
import { prepared } from '../../db/prepared';
import { personaFavorites, personas } from '../../db/schema';
import type { ProcessCache } from '../../lib/cache';
import { LIMITS } from '../../lib/limits';
import { AppError } from '../../lib/errors';
import { newUid } from '../../lib/ids';
import { firstHit } from '../../lib/rate-limit';
import { authorBlocked, authorNotBlocked, type AuthUser } from '../../plugins/auth';
import type { Safety } from '../../safety';
import { personaText, refuseTakenDown } from '../moderation/takedown-marks';

type Row = typeof personas.$inferSelect;
type Viewer = AuthUser | null;

const isAdult = (viewer: Viewer) => Boolean(viewer?.adultConfirmedAt);
export const splitTags = (tags: string) =>
  tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

export function presentPersona(row: Row, viewer: Viewer, isFavorite: boolean): Persona {
  return {
    uid: row.uid,
    author_name: row.authorName,
    char_a_name: row.charAName,
    char_a_setting: row.charASetting,
    char_b_name: row.charBName,
    char_b_setting: row.charBSetting,
    plot: row.plot,
    description: row.description,
    is_r18: row.isR18 ? 1 : 0,
    tags: row.tags,
    used_count: row.usedCount,
    first_person: (row.firstPerson === 1 || row.firstPerson === 2 ? row.firstPerson : 0) as 0 | 1 | 2,
    dialogue_heavy: row.dialogueHeavy ? 1 : 0,
    language: row.language,
    is_favorite: isFavorite,
    is_mine: viewer !== null && row.authorUid === viewer.uid,
    created_time: Math.floor(row.createdAt.getTime() / 1000),
    takedown:
      row.status === 'taken_down' && viewer !== null && row.authorUid === viewer.uid
        ? { reason: row.takedownReason ?? '', at: Math.floor((row.takenDownAt ?? row.updatedAt).getTime() / 1000) }
        : null,
  };
}

/** What a viewer may see: published, and adult only after the 18+ confirmation. */
function visibleTo(viewer: Viewer): SQL {
  const published = and(eq(personas.status, 'published'), sql`not ${authorBlocked(personas.authorUid)}`)!;
  return isAdult(viewer) ? published : and(published, eq(personas.isR18, false))!;
}

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The SQL of one shape of the feed (who asks, which filters), prepared once; values are placeholders. */
export function feedQuery(
  db: Db,
  shape: { viewer: boolean; adult: boolean; language: boolean; tag: boolean; q: boolean; snapshot: boolean },
) {
  const name = `persona_feed_${Object.values(shape)
    .map((on) => (on ? 1 : 0))
    .join('')}`;
  return prepared(db, name, () => {
    // The first page's snapshot is read in the page's own query (one round trip); an empty page asks for it alone.
    const snapshot = shape.snapshot
      ? sql<number>`${sql.placeholder('snapshot')}::bigint`
      : sql<number>`(select coalesce(max(seq), 0)::bigint from personas)`;
    const published = and(eq(personas.status, 'published'), authorNotBlocked(personas.authorUid))!;
    const filters: SQL[] = [shape.adult ? published : and(published, eq(personas.isR18, false))!, lte(personas.seq, snapshot)];
    if (shape.language) filters.push(eq(personas.language, sql.placeholder('language')));
    if (shape.tag) filters.push(sql`${personas.tagList} @> array[${sql.placeholder('tag')}::text]`);
    if (shape.q) {
      const like = sql.placeholder('like');
      filters.push(
        or(
          ilike(personas.charAName, like),
          ilike(personas.charBName, like),
          ilike(personas.description, like),
          ilike(personas.tags, like),
        )!,
      );
    }
    const isFavorite = shape.viewer
      ? sql<boolean>`exists (select 1 from ${personaFavorites} f where f.persona_uid = ${personas.uid} and f.user_uid = ${sql.placeholder('viewer')})`
      : sql<boolean>`false`;
    // Deferred join (docs/decisions/0028): the page's keys are cut from the covering feed index
    // (personas_feed_all_idx / personas_feed_idx), offset and all, then only those rows are read.
    const keys = db
      .select({ seq: personas.seq })
      .from(personas)
      .where(and(...filters))
      .orderBy(desc(personas.seq))
      .limit(PAGE_SIZE + 1)
      .offset(sql.placeholder('offset'));
    return db
      .select({ persona: personas, isFavorite, snapshot: sql<number>`${snapshot}::bigint`.mapWith(Number) })
      .from(personas)
      .where(inArray(personas.seq, keys))
      .orderBy(desc(personas.seq))
      .prepare(name);
  });
}

type FeedQuery = {
  page: number;
  language?: string | undefined;
  tag?: string | undefined;
  q?: string | undefined;
  snapshot?: number | undefined;
};
type FeedPage = { results: Persona[]; page: number; page_size: number; has_more: boolean; snapshot: number };

/**
 * One feed page as `viewer` reads it from the database (their favourites in the same query), with each
 * persona's author and the page's personas as one string (what a reader's favourites are kept under).
 */
async function readFeedPage(
  db: Db,
  viewer: Viewer,
  adult: boolean,
  query: FeedQuery,
): Promise<{ page: FeedPage; authors: string[]; personas: string }> {
  const rows = await feedQuery(db, {
    viewer: viewer !== null,
    adult,
    language: Boolean(query.language),
    tag: Boolean(query.tag),
    q: Boolean(query.q),
    snapshot: query.snapshot !== undefined,
  }).execute({
    viewer: viewer?.uid,
    language: query.language,
    tag: query.tag,
    like: query.q ? `%${escapeLike(query.q)}%` : undefined,
    snapshot: query.snapshot,
    offset: (query.page - 1) * PAGE_SIZE,
  });
  const snapshot =
    query.snapshot ??
    rows[0]?.snapshot ??
    (await db.select({ max: sql<number>`coalesce(max(${personas.seq}), 0)::bigint` }).from(personas))[0]?.max ??
    0;
  const shown = rows.slice(0, PAGE_SIZE);
  return {
    page: {
      results: shown.map((r) => presentPersona(r.persona, viewer, r.isFavorite)),
      page: query.page,
      page_size: PAGE_SIZE,
      has_more: rows.length > PAGE_SIZE,
      snapshot: Number(snapshot),
    },
    authors: shown.map((r) => r.persona.authorUid ?? ''),
    personas: shown.map((r) => r.persona.uid).join(' '),
  };
}

/** Which of `personaUids` account `uid` keeps as favourites. */
async function favoriteUids(db: Db, uid: string, personaUids: string[]): Promise<string[]> {
  if (personaUids.length === 0) return [];
  const rows = await prepared(db, 'persona_favorite_uids', () =>
    db
      .select({ uid: personaFavorites.personaUid })
      .from(personaFavorites)
      .where(
        and(eq(personaFavorites.userUid, sql.placeholder('viewer')), sql`${personaFavorites.personaUid} = any(${sql.placeholder('uids')})`),
      )
      .prepare('persona_favorite_uids'),
  ).execute({ viewer: uid, uids: personaUids });
  return rows.map((r) => r.uid);
}

/**
 * One page of the persona feed. With the list cache on (docs/decisions/0040) the page is read once as
 * every reader sees it (keyed by the filters and the reader's adult setting) and the reader's own
 * fields, is_favorite and is_mine, are laid over it from their cached favourites; a reader with
 * neither on the page gets the shared page itself (the same object, so its answer can be reused).
 */
export async function listPersonas(db: Db, options: { viewer: Viewer; query: FeedQuery; cache?: ProcessCache | null }): Promise<FeedPage> {
  const { viewer, query, cache } = options;
  const adult = isAdult(viewer);
  if (!cache?.enabled) return (await readFeedPage(db, viewer, adult, query)).page;
  const key = JSON.stringify([adult, query.language ?? null, query.tag ?? null, query.q ?? null, query.snapshot ?? null, query.page]);
  const { page, authors, personas: shown } = await cache.read('persona', key, () => readFeedPage(db, null, adult, query));
  if (!viewer) return page;
  // Kept under the page's personas, not its key: a page read again may hold others.
  const favorites = await cache.favoritesOf(viewer.uid, shown, () =>
    favoriteUids(
      db,
      viewer.uid,
      page.results.map((p) => p.uid),
    ),
  );
  const own = (persona: Persona, i: number) => favorites.has(persona.uid) || authors[i] === viewer.uid;
  if (!page.results.some(own)) return page;
  return {
    ...page,
    results: page.results.map((persona, i) =>
      own(persona, i) ? { ...persona, is_favorite: favorites.has(persona.uid), is_mine: authors[i] === viewer.uid } : persona,
    ),
  };
}

/** 404001 when missing, taken down or its author blocked (its author still sees it); 403001 for an adult persona the viewer may not see. */
async function visibleRow(db: Db, viewer: Viewer, uid: string, forAuthor = false): Promise<Row & { isFavorite: boolean }> {
  const [found] = await prepared(db, viewer ? 'persona_row_viewer' : 'persona_row', () =>
    db
      .select({
        row: personas,
        blocked: authorBlocked(personas.authorUid),
        isFavorite: viewer
          ? sql<boolean>`exists (select 1 from ${personaFavorites} f where f.persona_uid = ${personas.uid} and f.user_uid = ${sql.placeholder('viewer')})`
          : sql<boolean>`false`,
      })
      .from(personas)
      .where(eq(personas.uid, sql.placeholder('uid')))
      .prepare(viewer ? 'persona_row_viewer' : 'persona_row'),
  ).execute({ uid, viewer: viewer?.uid });
  const row = found?.row;
  const mine = forAuthor && row !== undefined && viewer !== null && row.authorUid === viewer.uid;
  if (!row || (!mine && (row.status !== 'published' || found.blocked))) throw new AppError('notFound');
  if (row.isR18 && !isAdult(viewer)) throw new AppError('forbidden');
  return { ...row, isFavorite: found.isFavorite };
}

/** One query: the persona, whether its author is blocked, and whether the viewer keeps it as a favourite. */
export async function personaDetails(db: Db, { viewer, uid }: { viewer: Viewer; uid: string }): Promise<Persona> {
  const row = await visibleRow(db, viewer, uid, true);
  return presentPersona(row, viewer, row.isFavorite);
}

/** Toggles a favourite. Toggles of one pair run one at a time, so the answer always matches the stored state. */
export async function toggleFavorite(db: Db, { viewer, uid }: { viewer: AuthUser; uid: string }): Promise<boolean> {
  await visibleRow(db, viewer, uid);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${viewer.uid}), hashtext(${uid}))`);
    const removed = await tx
      .delete(personaFavorites)
      .where(and(eq(personaFavorites.userUid, viewer.uid), eq(personaFavorites.personaUid, uid)))
      .returning({ uid: personaFavorites.personaUid });
    if (removed.length > 0) return false;
    await tx.insert(personaFavorites).values({ userUid: viewer.uid, personaUid: uid }).onConflictDoNothing();
    return true;
  });
}

/** One page of the viewer's favourites, newest favourite first (the query; myFavorites runs it). */
export function favoritesQuery(db: Db, { viewer, page }: { viewer: AuthUser; page: number }) {
  return db
    .select({ persona: personas })
    .from(personaFavorites)
    .innerJoin(personas, eq(personas.uid, personaFavorites.personaUid))
    .where(and(eq(personaFavorites.userUid, viewer.uid), visibleTo(viewer)))
    .orderBy(desc(personaFavorites.createdAt), desc(personas.seq))
    .limit(PAGE_SIZE + 1)
    .offset((page - 1) * PAGE_SIZE);
}

export async function myFavorites(db: Db, { viewer, page }: { viewer: AuthUser; page: number }) {
  const rows = await favoritesQuery(db, { viewer, page });
  return {
    results: rows.slice(0, PAGE_SIZE).map((r) => presentPersona(r.persona, viewer, true)),
    page,
    page_size: PAGE_SIZE,
    has_more: rows.length > PAGE_SIZE,
  };
}

/**
 * One use of a persona ("use it to generate"). An account's use counts once per persona, ever
 * (`persona_uses`); a visitor's once a day per client address; a repeated use answers the count
 * unchanged, so nobody can push a persona up the feed by clicking.
 */
export async function addUsed(
  db: Db,
  { viewer, uid, clientAddress }: { viewer: Viewer; uid: string; clientAddress: string },
): Promise<number> {
  const row = await visibleRow(db, viewer, uid);
  const first = viewer
    ? (
        await db.execute(sql`
          insert into persona_uses (user_uid, persona_uid)
          select ${viewer.uid}, uid from personas where uid = ${uid}
          on conflict do nothing returning 1`)
      ).rows.length > 0
    : await firstHit(db, `addused:ip:${clientAddress}:${uid}`, LIMITS.addUsedPerVisitorAndPersona);
  if (!first) return row.usedCount;
  const [updated] = await db
    .update(personas)
    .set({ usedCount: sql`${personas.usedCount} + 1` })
    .where(eq(personas.uid, uid))
    .returning({ usedCount: personas.usedCount });
  return updated?.usedCount ?? row.usedCount;
}

function columnsOf(input: Partial<PersonaInput>) {
  return {
    ...(input.char_a_name !== undefined && { charAName: input.char_a_name }),
    ...(input.char_a_setting !== undefined && { charASetting: input.char_a_setting }),
    ...(input.char_b_name !== undefined && { charBName: input.char_b_name }),
    ...(input.char_b_setting !== undefined && { charBSetting: input.char_b_setting }),
    ...(input.plot !== undefined && { plot: input.plot }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.tags !== undefined && { tags: input.tags, tagList: splitTags(input.tags) }),
    ...(input.is_r18 !== undefined && { isR18: input.is_r18 === 1 }),
    ...(input.first_person !== undefined && { firstPerson: input.first_person }),
    ...(input.dialogue_heavy !== undefined && { dialogueHeavy: input.dialogue_heavy === 1 }),
    ...(input.language !== undefined && { language: input.language }),
  };
}

/** Personas pass the safety check for their rating: an adult one never describes a minor, a general one is not sexual (CONTRACT.md section 5); taken-down text is refused first. */
async function refuseUnsafe(
  db: Db,
  safety: Safety,
  account: string,
  fields: {
    isR18: boolean;
    language: Language;
    charAName: string;
    charASetting: string;
    charBName: string;
    charBSetting: string;
    plot: string;
    description: string;
    tags: string;
  },
) {
  const { charAName, charASetting, charBName, charBSetting, plot, description, tags } = fields;
  // Taken-down content stays down (docs/decisions/0035).
  await refuseTakenDown(db, { type: 'persona', text: personaText(fields) });
  await safety.refuse([charAName, charASetting, charBName, charBSetting, plot, description, tags], {
    language: fields.language,
    rating: fields.isR18 ? 'adult' : 'general',
    account,
  });
}

export async function createPersona(
  db: Db,
  { safety, viewer, input, sourceNovelUid }: { safety: Safety; viewer: AuthUser; input: PersonaInput; sourceNovelUid?: string | undefined },
): Promise<Persona> {
  if (input.is_r18 === 1 && !isAdult(viewer)) throw new AppError('forbidden');
  await refuseUnsafe(db, safety, viewer.uid, {
    isR18: input.is_r18 === 1,
    language: input.language,
    charAName: input.char_a_name,
    charASetting: input.char_a_setting,
    charBName: input.char_b_name,
    charBSetting: input.char_b_setting,
    plot: input.plot,
    description: input.description,
    tags: input.tags,
  });
  const [row] = await db
    .insert(personas)
    .values({
      uid: newUid(),
      authorUid: viewer.uid,
      authorName: viewer.name,
      charAName: input.char_a_name,
      charASetting: input.char_a_setting,
      charBName: input.char_b_name,
      charBSetting: input.char_b_setting,
      plot: input.plot,
      description: input.description,
      tags: input.tags,
      tagList: splitTags(input.tags),
      isR18: input.is_r18 === 1,
      firstPerson: input.first_person,
      dialogueHeavy: input.dialogue_heavy === 1,
      language: input.language,
      sourceNovelUid: sourceNovelUid ?? null,
    })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return presentPersona(row, viewer, false);
}

async function ownRow(db: Db, viewer: AuthUser, uid: string): Promise<Row> {
  const [row] = await db.select().from(personas).where(eq(personas.uid, uid));
  if (!row || row.status !== 'published') throw new AppError('notFound');
  if (row.authorUid !== viewer.uid) throw new AppError('forbidden');
  return row;
}

export async function editPersona(
  db: Db,
  { safety, viewer, uid, patch }: { safety: Safety; viewer: AuthUser; uid: string; patch: Partial<PersonaInput> },
): Promise<Persona> {
  const current = await ownRow(db, viewer, uid);
  if (patch.is_r18 === 1 && !isAdult(viewer)) throw new AppError('forbidden');
  await refuseUnsafe(db, safety, viewer.uid, { ...current, ...columnsOf(patch) });
  const [row] = await db
    .update(personas)
    .set({ ...columnsOf(patch), updatedAt: sql`now()` })
    .where(eq(personas.uid, uid))
    .returning();
  if (!row) throw new AppError('notFound');
  return personaDetails(db, { viewer, uid: row.uid });
}

export async function deletePersona(db: Db, { viewer, uid }: { viewer: AuthUser; uid: string }): Promise<void> {
  await ownRow(db, viewer, uid);
  await db.delete(personas).where(eq(personas.uid, uid));
}
