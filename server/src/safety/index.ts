import type { Language } from '@butterfic/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../env';
import { AppError } from '../lib/errors';
import { check, type Rating, type RefusalReason, type Verdict } from './detect';
import { openaiModerator, type RemoteModerator } from './remote';

export { check, normalize, type Rating, type RefusalReason, type Verdict };
import { normalize } from './normalize';

export type CheckOptions = { language: Language; rating: Rating };

/**
 * The one safety module (CONTRACT.md section 5). `check` is the local,
 * synchronous check (also run on the model's output as it streams);
 * `review` adds the moderation endpoint's second opinion when
 * MODERATION_PROVIDER is set; `refuse` throws the API error for a refusal.
 */
export type Safety = {
  /** Which checks are in force, as /health/ reports it. */
  readonly mode: 'local' | 'openai';
  check(text: string, options: CheckOptions): Verdict;
  review(text: string, options: CheckOptions, signal?: AbortSignal): Promise<Verdict>;
  /** Throws 403001 with a localised reason (minorRefused / sexualRefused) when `review` refuses the texts. */
  refuse(texts: (string | null | undefined)[], options: CheckOptions): Promise<void>;
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
      // The endpoint is a second opinion: when it cannot answer, the local check stands alone (docs/decisions/0010).
      if (signal?.aborted) throw error;
      log?.warn({ err: error }, 'moderation endpoint did not answer; the local check stands alone');
    }
    return local;
  };
  return {
    mode: remote ? remote.name : 'local',
    check,
    review,
    async refuse(texts, opts) {
      const verdict = await review(texts.filter(Boolean).join('\n'), opts);
      if (!verdict.allowed) throw refusalError(verdict.reason);
    },
  };
}

/** The API error for a refused text: 403001 with the reason in the reader's language. */
export function refusalError(reason: RefusalReason): AppError {
  return new AppError('forbidden', { message: reason === 'minor' ? 'minorRefused' : 'sexualRefused', detail: `safety: ${reason}` });
}

/** The safety module the configuration asks for. */
export function safetyFromEnv(env: Env, log?: FastifyBaseLogger): Safety {
  if (env.MODERATION_PROVIDER !== 'openai') return createSafety(log ? { log } : {});
  const remote = openaiModerator({
    baseURL: env.MODERATION_BASE_URL ?? env.LLM_BASE_URL,
    apiKey: env.MODERATION_API_KEY ?? env.LLM_API_KEY,
    model: env.MODERATION_MODEL,
  });
  return createSafety(log ? { remote, log } : { remote });
}
