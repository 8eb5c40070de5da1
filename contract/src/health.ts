import { z } from 'zod';

export const Health = z.object({
  status: z.literal('ok'),
  db: z.enum(['embedded', 'external']),
  llm: z.enum(['offline', 'openai', 'llamacpp']),
  mail: z.enum(['smtp', 'outbox']),
  payments: z.enum(['stripe', 'sandbox']),
  /** Which safety checks are in force: the local check alone, or also the OpenAI-compatible moderation endpoint. */
  moderation: z.enum(['local', 'openai']),
  version: z.string(),
});
export type Health = z.infer<typeof Health>;
