import { LANGUAGES, type Language } from '@butterfic/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../env';
import { AppError } from '../lib/errors';
import { check, type CheckOptions as DetectOptions, type Rating, type RefusalReason, type Verdict } from './detect';
import type { LlmProvider } from '../generation/types';
import { llmJudge, providerJudge } from './judge';
import { normalize } from './normalize';
import { openaiModerator, type RemoteModerator } from './remote';
import { rubyShown } from './ruby';

export { check, normalize, type DetectOptions, type Rating, type RefusalReason, type Verdict };

export type CheckOptions = {
  language: Language;
  rating: Rating;
  /** Whose text it is (a user uid): the judge's queue serves accounts in turn (fair-queue.ts). */
  account?: string | undefined;
};
export type RefuseOptions = CheckOptions & {
  /**
   * A story job will judge these texts beside its request to the story model (the runner asks
   * `judgeBeside`), so the request path runs the local check (and a /moderations endpoint) only.
   */
  judgedBeside?: boolean;
};

/**
 * The local check of a text as written and as it is shown (issue 46): with ruby markup the reader
 * shows `｜十五《じゅうご》歳` as 十五歳, so the text without its readings is checked too, and either
 * refusal refuses. A piece of a stream (`newFrom`, `partial`: the model's output) is read the same way,
 * its `newFrom` carried over to the text as shown; a match pending in either reading is pending.
 */
export function checkAsShown(text: string, options: DetectOptions): Verdict {
  const verdict = check(text, options);
  if (!verdict.allowed) return verdict;
  const { shown, at } = rubyShown(text, options.language);
  if (shown === text) return verdict;
  const asShown = check(shown, options.newFrom === undefined ? options : { ...options, newFrom: at(options.newFrom) });
  if (!asShown.allowed) return asShown;
  return verdict.pending || asShown.pending ? { allowed: true, pending: true } : verdict;
}

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
  /**
   * Which second opinion is in force: `local` (the offline writer: its text is ours, no judge needed),
   * `none` (a real model with MODERATION_PROVIDER=none: the local check alone, warned about), `openai`
   * (a /moderations endpoint) or `llm` (a chat model as judge: the default with a real model).
   */
  readonly mode: 'local' | 'none' | 'openai' | 'llm';
  /** What an operator should fix, as /health/ lists it (`moderation-off`). */
  readonly warnings: string[];
  /** The layers in force, as /health/ names them. */
  readonly layers: string[];
  /** The local check (checkAsShown: the text also as shown, without ruby readings). */
  check(text: string, options: DetectOptions): Verdict;
  /** Throws ModerationUnavailableError when a fail-closed judge cannot answer on an adult text. */
  review(text: string, options: CheckOptions, signal?: AbortSignal): Promise<Verdict>;
  /**
   * Throws 403001 with a localised reason (minorRefused / sexualRefused) when `review` refuses the
   * texts, and 503 (500001, Retry-After) when the judge cannot answer on an adult text. Nothing is
   * charged or saved before it returns.
   */
  refuse(texts: (string | null | undefined)[], options: RefuseOptions): Promise<void>;
  /**
   * The judge's verdict on a story's input (the prompt the model is sent, whole; the judge alone: the
   * user's parts passed the local check when they were saved), for the runner to hold the story's
   * first words on; null when no judge runs beside stories.
   */
  judgeBeside(text: string, options: CheckOptions, signal?: AbortSignal): Promise<Verdict> | null;
  /**
   * The judge's verdict on a window of an adult story's output (the local check already passed it),
   * null when no judge reads the output as it is written (no LLM judge, or a general story). Throws
   * ModerationUnavailableError when the judge cannot answer (adult texts fail closed).
   */
  judgeOutput(text: string, options: CheckOptions, signal?: AbortSignal): Promise<Verdict> | null;
  /** Whether judgeOutput reads a story of this rating as it is written (an LLM judge, an adult story). */
  judgesOutput(rating: Rating): boolean;
  /**
   * A user name or pen name: refused (403001, nameRefused) when it names a minor or is sexual, since
   * it stands beside every story of its author, spicy or not. `language` is the account's.
   */
  refuseName(name: string, language: Language): Promise<void>;
};

export function createSafety(
  options: {
    remote?: RemoteModerator | null;
    log?: FastifyBaseLogger;
    /** MODERATION_PROVIDER=none with a real model: no judge, reported as `none` with a warning. */
    off?: boolean;
  } = {},
): Safety {
  const remote = options.remote ?? null;
  const log = options.log;
  /**
   * The second opinion alone. `review` asks it after the local check; the runner asks it alone of a
   * story's prompt (which holds our own rules, whose words about minors the local check would refuse;
   * the user's parts passed the local check when they were saved) and of windows of output (which the
   * local check passed as they arrived).
   */
  const judgeOnly = async (text: string, opts: CheckOptions, signal?: AbortSignal): Promise<Verdict> => {
    if (!remote || !text.trim()) return { allowed: true };
    try {
      if (await remote.flagsMinors(text, signal, opts.account)) return { allowed: false, reason: 'minor', match: `${remote.name}:sexual/minors` };
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
    return { allowed: true };
  };
  const review = async (text: string, opts: CheckOptions, signal?: AbortSignal): Promise<Verdict> => {
    const local = checkAsShown(text, opts);
    if (!local.allowed) return local;
    const judged = await judgeOnly(text, opts, signal);
    return judged.allowed ? local : judged;
  };
  const refuse = async (texts: (string | null | undefined)[], opts: RefuseOptions) => {
    const text = texts.filter(Boolean).join('\n');
    const beside = opts.judgedBeside && remote?.name === 'llm';
    let verdict: Verdict;
    try {
      verdict = beside ? checkAsShown(text, opts) : await review(text, opts);
    } catch (error) {
      if (error instanceof ModerationUnavailableError) throw moderationUnavailableError();
      throw error;
    }
    if (!verdict.allowed) throw refusalError(verdict.reason);
  };
  const layers = ['normalize', 'ages', 'words', ...(remote ? [remote.name === 'llm' ? 'llm-judge' : 'openai-moderation'] : [])];
  return {
    mode: remote ? remote.name : options.off ? 'none' : 'local',
    layers,
    warnings: !remote && options.off ? ['moderation-off'] : [],
    check: checkAsShown,
    review,
    refuse,
    judgeBeside: (text, opts, signal) => (remote?.name === 'llm' && text.trim() ? judgeOnly(text, opts, signal) : null),
    judgesOutput: (rating) => remote?.name === 'llm' && rating === 'adult',
    judgeOutput: (text, opts, signal) =>
      remote?.name === 'llm' && opts.rating === 'adult' && text.trim() ? judgeOnly(text, opts, signal) : null,
    async refuseName(name, language) {
      const minor = checkAsShown(name, { language, rating: 'adult' });
      if (!minor.allowed) throw new AppError('forbidden', { message: 'nameRefused', detail: 'safety: a name naming a minor' });
      try {
        await refuse([name], { language, rating: 'general' });
      } catch (error) {
        if (error instanceof AppError && error.kind === 'forbidden')
          throw new AppError('forbidden', { message: 'nameRefused', detail: error.message });
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

/** Judge calls at once when MODERATION_CONCURRENCY is unset: a served model takes many; the local model one per worker. */
export const DEFAULT_JUDGE_CONCURRENCY = { served: 8, local: 2 };

/**
 * The safety module the configuration asks for (docs/decisions/0031, amended for issue 46). With a real
 * model and MODERATION_PROVIDER unset the judge is on: the story model itself (LLM_BASE_URL, LLM_MODEL;
 * for llamacpp the local model through `provider`). `none` turns it off (start-up and /health/ say so);
 * the offline writer needs none (its text is ours).
 */
export function safetyFromEnv(env: Env, log?: FastifyBaseLogger, provider?: LlmProvider): Safety {
  const baseURL = env.MODERATION_BASE_URL ?? env.LLM_BASE_URL;
  const apiKey = env.MODERATION_API_KEY ?? env.LLM_API_KEY;
  const chosen = env.MODERATION_PROVIDER ?? (env.LLM_PROVIDER === 'offline' ? undefined : 'llm');
  let remote: RemoteModerator | null = null;
  if (chosen === 'openai') remote = openaiModerator({ baseURL, apiKey, model: env.MODERATION_MODEL ?? 'omni-moderation-latest' });
  if (chosen === 'llm') {
    const timeoutMs = env.MODERATION_TIMEOUT * 1000;
    const local = env.LLM_PROVIDER === 'llamacpp' && !env.MODERATION_BASE_URL;
    const concurrency = env.MODERATION_CONCURRENCY ?? (local ? DEFAULT_JUDGE_CONCURRENCY.local : DEFAULT_JUDGE_CONCURRENCY.served);
    if (local) {
      if (!provider || provider.name !== 'llamacpp') throw new Error('the local model judge needs the llamacpp provider');
      remote = providerJudge(provider, { model: env.LLM_MODEL_PATH ?? 'local', timeoutMs, concurrency });
    } else {
      // env.ts requires MODERATION_MODEL or LLM_MODEL for llm (LLM_MODEL always, with LLM_PROVIDER=openai).
      const ownServer = !env.MODERATION_BASE_URL && !env.MODERATION_MODEL;
      remote = llmJudge({
        baseURL,
        apiKey,
        model: env.MODERATION_MODEL ?? env.LLM_MODEL ?? '',
        timeoutMs,
        concurrency,
        contextTokens: env.MODERATION_CONTEXT_TOKENS ?? (ownServer ? env.LLM_CONTEXT_TOKENS : undefined) ?? 8192,
      });
    }
  }
  return createSafety({ remote, off: chosen === 'none' && env.LLM_PROVIDER !== 'offline', ...(log && { log }) });
}
