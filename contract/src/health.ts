import { z } from 'zod';

export const Health = z.object({
  status: z.literal('ok'),
  db: z.enum(['embedded', 'external']),
  llm: z.enum(['offline', 'openai', 'llamacpp']),
  mail: z.enum(['smtp', 'outbox']),
  payments: z.enum(['stripe', 'sandbox']),
  /** Which second opinion is in force: none (the local check alone), an OpenAI-compatible moderation endpoint, or an LLM judge. */
  moderation: z.enum(['local', 'openai', 'llm']),
  /**
   * The safety layers in force, in the order a text meets them: `normalize` (the spoofing-proof reading),
   * `ages` (the age grammar), `words` (school levels and minor nouns), then `openai-moderation` or `llm-judge`.
   * Optional for servers from before it.
   */
  safety_layers: z.array(z.string()).optional(),
  version: z.string(),
  /** What an operator should fix: e.g. `sandbox-payments-public` (free Butter on a reachable address). */
  warnings: z.array(z.string()).optional(),
});
export type Health = z.infer<typeof Health>;
