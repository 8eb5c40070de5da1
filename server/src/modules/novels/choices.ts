import type { Choices, Continuity } from '@butterfic/contract';
import type { Env } from '../../env';
import type { Db } from '../../db';
import { askModel } from '../../generation/ask';
import { offlineChoices } from '../../generation/offline/cowrite';
import { choicesMessages, continuityMessages, parseChoices, parseContinuity } from '../../generation/prompts/revise';
import type { LlmProvider } from '../../generation/types';
import { AppError } from '../../lib/errors';
import { GENERATION_WINDOW_SECONDS } from '../../lib/limits';
import { rateLimit } from '../../lib/rate-limit';
import type { AuthUser } from '../../plugins/auth';
import type { Safety } from '../../safety';
import { cowriteStoryOf } from './cowrite-story';
import { ownNovel } from './service';
import { chosenChapterText, chosenPath } from './versions';

/**
 * The next chapter's choices and a chapter's continuity check (issue 50, docs/decisions/0056): free,
 * author only, each counted per account and hour apart from story starts but under the same
 * MAX_GENERATIONS_PER_HOUR. Short model calls through the provider, never a job; they never write.
 */
type Ask = {
  env: Pick<Env, 'MAX_GENERATIONS_PER_HOUR'>;
  provider: LlmProvider;
  safety: Safety;
  user: AuthUser;
  novelUid: string;
  signal: AbortSignal;
};

async function limitHelper(db: Db, env: Ask['env'], what: 'choices' | 'continuity', uid: string) {
  if (env.MAX_GENERATIONS_PER_HOUR === 0) return;
  await rateLimit(db, `${what}:user:${uid}`, { max: env.MAX_GENERATIONS_PER_HOUR, windowSeconds: GENERATION_WINDOW_SECONDS });
}

/** POST /novel/choices/: three short directions for the next chapter, from the model (the offline writer: three fixed ones). */
export async function nextChoices(db: Db, { env, provider, safety, user, novelUid, signal }: Ask): Promise<Choices> {
  const novel = await ownNovel(db, { user, uid: novelUid });
  await limitHelper(db, env, 'choices', user.uid);
  if (provider.name === 'offline') return { choices: offlineChoices(novel.language) };
  const story = await cowriteStoryOf(db, novel, novel.path.length);
  const recent = (await chosenPath(db, novel.uid)).map((chapter) => chapter.content).join('\n\n');
  const answer = await askModel(provider, { story, messages: choicesMessages({ story, recent }), maxTokens: 300, signal });
  const rating = novel.isR18 ? 'adult' : 'general';
  // A direction becomes the next chapter's prompt: only those the local check lets through are offered.
  const choices = parseChoices(answer).filter((choice) => safety.check(choice, { language: novel.language, rating }).allowed);
  if (choices.length === 0) throw new Error('the model answered no choices');
  return { choices };
}

const squash = (text: string) => text.replace(/\s+/gu, '');

/**
 * GET /novel/continuity/: the model compares chapter `chapterIndex` with the pinned facts and the story
 * memory before it (and the codex, once stories have one) and names contradictions. A warning whose
 * quote is not in the chapter is dropped; nothing established (or the offline writer) → no warnings.
 */
export async function continuityOf(db: Db, o: Ask & { chapterIndex: number }): Promise<Continuity> {
  const { env, provider, user, novelUid, chapterIndex, signal } = o;
  const novel = await ownNovel(db, { user, uid: novelUid });
  if (novel.path[chapterIndex] === undefined) throw new AppError('notFound');
  await limitHelper(db, env, 'continuity', user.uid);
  const story = await cowriteStoryOf(db, novel, chapterIndex);
  const chapter = await chosenChapterText(db, novel.uid, chapterIndex);
  const established = story.pinnedFacts.length > 0 || story.memory.trim() !== '' || (story.codex?.length ?? 0) > 0;
  if (provider.name === 'offline' || !established || !chapter.trim()) return { warnings: [] };
  const answer = await askModel(provider, { story, messages: continuityMessages({ story, chapter }), maxTokens: 900, signal });
  const text = squash(chapter);
  return {
    warnings: parseContinuity(answer)
      .filter((w) => text.includes(squash(w.quote)))
      .map((w) => ({ quote: w.quote, conflicts_with: { kind: w.kind, text: w.established }, explanation: w.explanation })),
  };
}
