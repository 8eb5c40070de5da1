import { REVISE_COST, type NovelDetails, type ReviseAcceptBody, type ReviseBody } from '@butterfic/contract';
import type { Db } from '../../db';
import { askModel, reviseMaxTokens } from '../../generation/ask';
import { offlineRevision } from '../../generation/offline/cowrite';
import { reviseMessages, type CowriteStory } from '../../generation/prompts/revise';
import type { LlmProvider } from '../../generation/types';
import { AppError } from '../../lib/errors';
import { newUid } from '../../lib/ids';
import type { AuthUser } from '../../plugins/auth';
import type { Safety } from '../../safety';
import { applyLedger, withFreshMoney } from '../wallet/service';
import { cowriteStoryOf } from './cowrite-story';
import { lockedChapter, saveChapterText } from './history';
import { novelDetails, ownNovel } from './service';
import { chosenChapterText } from './versions';

/**
 * Revising a selection (issue 50, docs/decisions/0056-co-writing-in-place.md): 1 Butter per request
 * (free during a pass), charged through the wallet before the model is asked and given back when the
 * request fails. The model calls run here, through the provider, not as a chapter job: a revision
 * writes nothing until the author accepts a variant, which is saved like a hand edit.
 */
export type PreparedRevision = {
  uid: string;
  user: AuthUser;
  story: CowriteStory;
  rating: 'adult' | 'general';
  before: string;
  selection: string;
  after: string;
  instruction: string;
  variants: number;
};

const passActive = (user: AuthUser) => user.passExpiresAt !== null && user.passExpiresAt.getTime() > Date.now();
const busy = (status: string) => status === 'generating' || status === 'continuing';

/** The checks before any charge: the author's idle novel, the selection inside the chapter, the instruction judged like a plot. */
export async function prepareRevision(db: Db, { safety, user, body }: { safety: Safety; user: AuthUser; body: ReviseBody }) {
  const novel = await ownNovel(db, { user, uid: body.novel_uid });
  if (busy(novel.generateStatus)) throw new AppError('invalidInput', { message: 'novelBusy' });
  if (novel.path[body.chapter_index] === undefined) throw new AppError('notFound');
  const content = await chosenChapterText(db, novel.uid, body.chapter_index);
  if (body.end > content.length) throw selectionOutside();
  const rating = novel.isR18 ? 'adult' : 'general';
  await safety.refuse([body.instruction], { language: novel.language, rating, account: user.uid });
  const prepared: PreparedRevision = {
    uid: newUid(),
    user,
    story: await cowriteStoryOf(db, novel, body.chapter_index),
    rating,
    before: content.slice(0, body.start),
    selection: content.slice(body.start, body.end),
    after: content.slice(body.end),
    instruction: body.instruction,
    variants: body.variants,
  };
  return prepared;
}

const selectionOutside = () =>
  new AppError('invalidInput', { message: 'selectionOutside', data: { fields: { end: 'outside the chapter' } } });

/** The charge (ledger kind `revise`, ref the revision's uid), or nothing during a pass; 305001 when short. */
export async function chargeRevision(db: Db, { revision }: { revision: PreparedRevision }): Promise<{ charge: number; balance: number }> {
  const { user } = revision;
  const charge = passActive(user) ? 0 : REVISE_COST;
  if (charge === 0) return { charge, balance: (await withFreshMoney(db, { user })).balance };
  const { balance } = await db.transaction((tx) =>
    applyLedger(tx, { userUid: user.uid, kind: 'revise', amount: -charge, ref: revision.uid }),
  );
  return { charge, balance };
}

/** Gives a failed revision's charge back (once: the ledger's kind and ref are unique); answers the balance. */
export async function refundRevision(db: Db, { revision, charge }: { revision: PreparedRevision; charge: number }): Promise<number> {
  if (charge === 0) return (await withFreshMoney(db, { user: revision.user })).balance;
  const { balance } = await db.transaction((tx) =>
    applyLedger(tx, { userUid: revision.user.uid, kind: 'refund', amount: charge, ref: revision.uid }),
  );
  return balance;
}

/**
 * The variants, asked of the model at once (one request each); `onText` hears each piece with its
 * variant's index. Each variant's text so far passes the local safety check before it is heard.
 */
export async function runRevision(
  { provider, safety }: { provider: LlmProvider; safety: Safety },
  { revision, signal, onText }: { revision: PreparedRevision; signal: AbortSignal; onText?: (index: number, piece: string) => void },
): Promise<string[]> {
  const indexes = Array.from({ length: revision.variants }, (_, i) => i);
  const language = revision.story.language;
  // One failed variant fails the request: the others stop too.
  const failed = new AbortController();
  signal = AbortSignal.any([signal, failed.signal]);
  const all = Promise.all(
    indexes.map(async (index) => {
      if (provider.name === 'offline') {
        const text = offlineRevision(language, revision.selection, index);
        onText?.(index, text);
        return text;
      }
      let sofar = '';
      const text = await askModel(provider, {
        story: revision.story,
        messages: reviseMessages({ ...revision, variant: index, variants: revision.variants }),
        maxTokens: reviseMaxTokens(revision.selection.length),
        signal,
        onText: (piece) => {
          sofar += piece;
          if (!safety.check(sofar, { language, rating: revision.rating }).allowed)
            throw new AppError('forbidden', { message: 'sexualRefused' });
          onText?.(index, piece);
        },
      });
      if (!text.trim()) throw new Error('the model answered an empty revision');
      return text.trim();
    }),
  );
  all.catch(() => failed.abort());
  return all;
}

/** POST /novel/revise/ answered as JSON: the checks, the charge, the variants, the refund on failure. */
export async function reviseSelection(
  db: Db,
  deps: { provider: LlmProvider; safety: Safety; user: AuthUser; body: ReviseBody; signal: AbortSignal },
): Promise<{ variants: { text: string }[]; balance: number }> {
  const revision = await prepareRevision(db, deps);
  const { charge, balance } = await chargeRevision(db, { revision });
  try {
    const texts = await runRevision(deps, { revision, signal: deps.signal });
    return { variants: texts.map((text) => ({ text })), balance };
  } catch (error) {
    await refundRevision(db, { revision, charge });
    throw error;
  }
}

/**
 * POST /novel/revise/accept/: the selection replaced by `text`, every other character kept. The chapter
 * must still hold `original` between `start` and `end` (409 otherwise: it changed since the offsets
 * were taken). The new chapter text is judged like a hand edit before it is saved.
 */
export async function acceptRevision(
  db: Db,
  { safety, user, body }: { safety: Safety; user: AuthUser; body: ReviseAcceptBody },
): Promise<NovelDetails> {
  const novel = await ownNovel(db, { user, uid: body.novel_uid });
  const current = await chosenChapterText(db, novel.uid, body.chapter_index);
  const replaced = replaceRange(current, body);
  await safety.refuse([replaced], { language: novel.language, rating: novel.isR18 ? 'adult' : 'general', account: user.uid });
  await db.transaction(async (tx) => {
    const { path, chapterId, content } = await lockedChapter(tx, user, body.novel_uid, body.chapter_index);
    const after = replaceRange(content, body);
    await saveChapterText(tx, { novelUid: body.novel_uid, path, chapterId, before: content, after, source: 'revise' });
  });
  return novelDetails(db, { viewer: user, uid: body.novel_uid });
}

/** `content` with `start`…`end` (UTF-16 offsets) replaced by `text`, or 409 when they no longer hold `original`. */
export function replaceRange(content: string, body: Pick<ReviseAcceptBody, 'start' | 'end' | 'original' | 'text'>): string {
  if (content.slice(body.start, body.end) !== body.original)
    throw new AppError('invalidInput', { http: 409, message: 'chapterChanged', data: { refused: 'changed' } });
  return content.slice(0, body.start) + body.text + content.slice(body.end);
}
