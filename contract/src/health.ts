import { z } from 'zod';

export const Health = z.object({
  status: z.literal('ok'),
  db: z.enum(['embedded', 'external']),
  llm: z.enum(['offline', 'openai', 'llamacpp']),
  mail: z.enum(['smtp', 'outbox']),
  payments: z.enum(['stripe', 'sandbox']),
  version: z.string(),
});
export type Health = z.infer<typeof Health>;
