import { z } from 'zod';

export const Health = z.object({
  status: z.literal('ok'),
  db: z.enum(['embedded', 'external']),
  llm: z.enum(['offline', 'openai', 'llamacpp']),
  mail: z.enum(['smtp', 'outbox']),
  payments: z.enum(['stripe', 'sandbox']),
  /**
   * Which second opinion is in force: `llm` (a chat model as judge: the default with a real model),
   * `openai` (an OpenAI-compatible moderation endpoint), `local` (the offline writer: the local check
   * alone, no judge needed) or `none` (a real model with the judge turned off: warned about).
   */
  moderation: z.enum(['local', 'none', 'openai', 'llm']),
  /**
   * The safety layers in force, in the order a text meets them: `normalize` (the spoofing-proof reading),
   * `ages` (the age grammar), `words` (school levels and minor nouns), then `openai-moderation` or `llm-judge`.
   * Optional for servers from before it.
   */
  safety_layers: z.array(z.string()).optional(),
  version: z.string(),
  /**
   * What an operator should fix: `sandbox-payments-public` (free Butter on a reachable address),
   * `moderation-off` (a real model writes with no judge: MODERATION_PROVIDER=none).
   */
  warnings: z.array(z.string()).optional(),
});
export type Health = z.infer<typeof Health>;
