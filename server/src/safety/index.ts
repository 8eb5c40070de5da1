import { LANGUAGES, type Language } from '@butterfic/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../env';
import { AppError } from '../lib/errors';
import { check, type CheckOptions as DetectOptions, type Rating, type RefusalReason, type Verdict } from './detect';
import { llmJudge } from './judge';
import { normalize } from './normalize';
import { openaiModerator, type RemoteModerator } from './remote';

export { check, normalize, type DetectOptions, type Rating, type RefusalReason, type Verdict };

export type CheckOptions = { language: Language; rating: Rating };
export type RefuseOptions = CheckOptions & {
  /**
   * A story job will judge these texts beside its request to the story model (the runner asks
   * `judgeBeside`), so the request path runs the local check (and a /moderations endpoint) only.
   */
  judgedBeside?: boolean;
};

/** The judge could not answer on an adult story's text: refused, retryably (MODERATION_PROVIDER=llm fails closed). */
export class ModerationUnavailableError extends Error {}

/** Seconds a client is told to wait after the judge did not answer. */
export const MODERATION_RETRY_SECONDS = 30;

/**
 * The one safety module (CONTRACT.md section 5). `check` is the local, synchronous check (also run
 * on the model's output as it streams); `review` adds the second opinion MODERATION_PROVIDER asks
 * for; `refuse` throws the API error for a refusal; `judgeBeside` is the judge's verdict on a story's
 * input, asked while the story model writes; `refuseName` is the check of user names and pen names.
 */
export type Safety = {
  /** Which second opinion is in force. */
  readonly mode: 'local' | 'openai' | 'llm';
  /** The layers in force, as /health/ names them. */
  readonly layers: string[];
  check(text: string, options: DetectOptions): Verdict;
  /** Throws ModerationUnavailableError when a fail-closed judge cannot answer on an adult text. */
  review(text: string, options: CheckOptions, signal?: AbortSignal): Promise<Verdict>;
  /**
   * Throws 403001 with a localised reason (minorRefused / sexualRefused) when `review` refuses the
   * texts, and 503 (500001, Retry-After) when the judge cannot answer on an adult text. Nothing is
   * charged or saved before it returns.
   */
  refuse(texts: (string | null | undefined)[], options: RefuseOptions): Promise<void>;
  /** The judge's verdict on a story's input, for the runner to hold the story's first words on; null when no judge runs beside stories. */
  judgeBeside(text: string, options: CheckOptions, signal?: AbortSignal): Promise<Verdict> | null;
  /**
   * A user name or pen name: refused (403001, nameRefused) when it names a minor or is sexual, since
   * it stands beside every story of its author, spicy or not. `language` is the account's.
   */
  refuseName(name: string, language: Language): Promise<void>;
};

export function createSafety(options: { remote?: RemoteModerator | null; log?: FastifyBaseLogger } = {}): Safety {
  const remote = options.remote ?? null;
  const log = options.log;
  const review = async (text: string, opts: CheckOptions, signal?: AbortSignal): Promise<Verdict> => {
    const local = check(text, opts);
    if (!local.allowed || !remote || !text.trim()) return local;
    try {
      if (await remote.flagsMinors(text, signal)) return { allowed: false, reason: 'minor', match: `${remote.name}:sexual/minors` };
    } catch (error) {
      if (signal?.aborted) throw error;
      if (remote.failsClosed && opts.rating === 'adult') {
        log?.warn({ err: error, judge: remote.model }, 'the moderation judge did not answer on an adult text: refused');
        throw new ModerationUnavailableError(`the ${remote.name} judge did not answer`);
      }
      // A second opinion that cannot answer on a general text (or any text, for a /moderations endpoint):
      // the local check stands alone (docs/decisions/0016, 0031).
      log?.warn({ err: error, judge: remote.model, rating: opts.rating }, 'the moderation judge did not answer; the local check stands alone');
    }
    return local;
  };
  const refuse = async (texts: (string | null | undefined)[], opts: RefuseOptions) => {
    const text = texts.filter(Boolean).join('\n');
    const beside = opts.judgedBeside && remote?.name === 'llm';
    let verdict: Verdict;
    try {
      verdict = beside ? check(text, opts) : await review(text, opts);
    } catch (error) {
      if (error instanceof ModerationUnavailableError) throw moderationUnavailableError();
      throw error;
    }
    if (!verdict.allowed) throw refusalError(verdict.reason);
  };
  const layers = ['normalize', 'ages', 'words', ...(remote ? [remote.name === 'llm' ? 'llm-judge' : 'openai-moderation'] : [])];
  return {
    mode: remote ? remote.name : 'local',
    layers,
    check,
    review,
    refuse,
    judgeBeside: (text, opts, signal) => (remote?.name === 'llm' && text.trim() ? review(text, opts, signal) : null),
    async refuseName(name, language) {
      const minor = check(name, { language, rating: 'adult' });
      if (!minor.allowed) throw new AppError('forbidden', { message: 'nameRefused', detail: 'safety: a name naming a minor' });
      try {
        await refuse([name], { language, rating: 'general' });
      } catch (error) {
        if (error instanceof AppError && error.kind === 'forbidden') throw new AppError('forbidden', { message: 'nameRefused', detail: error.message });
        throw error;
      }
    },
  };
}

/**
 * Makes what the check builds on first use (normalize.ts's patterns from Unicode's tables, each lexicon's
 * gates and plans) by checking a sample in every language and rating. The server calls it before it
 * listens, so its first story request does not pay for them (about 20 ms of a cold first request); the
 * operator CLI and the tests' helper processes never check a text and never pay for it.
 */
export function warmUp(): void {
  const sample = 'Ines, 28, and Ｔｏｍａｓ share a lamp\u200b in the storm: 二十八岁, 二十八歳, 스물여덟 살, ٢٨ years.';
  for (const language of LANGUAGES) for (const rating of ['general', 'adult'] as const) check(sample, { language, rating });
}

/** The API error for a refused text: 403001 with the reason in the reader's language. */
export function refusalError(reason: RefusalReason): AppError {
  return new AppError('forbidden', { message: reason === 'minor' ? 'minorRefused' : 'sexualRefused', detail: `safety: ${reason}` });
}

/** The judge did not answer on an adult text: HTTP 503 with the table's server-side code, Retry-After, nothing charged. */
export function moderationUnavailableError(): AppError {
  return new AppError('internal', {
    http: 503,
    message: 'moderationUnavailable',
    headers: { 'retry-after': String(MODERATION_RETRY_SECONDS) },
    data: { retry_after: MODERATION_RETRY_SECONDS },
    detail: 'safety: the moderation judge did not answer',
  });
}

/** The safety module the configuration asks for. */
export function safetyFromEnv(env: Env, log?: FastifyBaseLogger): Safety {
  const baseURL = env.MODERATION_BASE_URL ?? env.LLM_BASE_URL;
  const apiKey = env.MODERATION_API_KEY ?? env.LLM_API_KEY;
  let remote: RemoteModerator | null = null;
  if (env.MODERATION_PROVIDER === 'openai') remote = openaiModerator({ baseURL, apiKey, model: env.MODERATION_MODEL ?? 'omni-moderation-latest' });
  if (env.MODERATION_PROVIDER === 'llm') {
    // env.ts requires MODERATION_MODEL or LLM_MODEL for llm.
    remote = llmJudge({ baseURL, apiKey, model: env.MODERATION_MODEL ?? env.LLM_MODEL ?? '', timeoutMs: env.MODERATION_TIMEOUT * 1000 });
  }
  return createSafety({ remote, ...(log && { log }) });
}
