import { z } from 'zod';

/**
 * The writer's room (issue 49, docs/decisions/0055-writers-room.md): a story's codex (entries that go
 * into a chapter's prompt when they are named), and the view of what the model was given.
 */
import { CODEX_ALIASES_MAX, CODEX_ENTRIES_MAX, CODEX_NAME_MAX, CODEX_TEXT_MAX, CONTEXT_KINDS } from './codex-limits';

export * from './codex-limits';

const oneLine = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((v) => !/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(v), 'one line, no control characters');

/** One codex entry as GET answers it. `chapter_index` and `version` (both or neither) make it a progression. */
export const CodexEntry = z.object({
  uid: z.string(),
  name: z.string(),
  aliases: z.array(z.string()),
  text: z.string(),
  always: z.boolean(),
  /** 0-based chapter whose version the entry follows (applies from the chapter after it, on paths through it); null: everywhere. */
  chapter_index: z.number().int().nullable(),
  /** 1-based version of that chapter; null with chapter_index null. */
  version: z.number().int().nullable(),
});
export type CodexEntry = z.infer<typeof CodexEntry>;

/** An entry as POST takes it: as GET answers it, or new without `uid`; `null` where a field is unset. */
export const CodexEntryInput = z
  .object({
    uid: z.string().trim().min(1).max(64).nullable().optional(),
    name: oneLine(CODEX_NAME_MAX),
    aliases: z
      .array(oneLine(CODEX_NAME_MAX))
      .max(CODEX_ALIASES_MAX)
      .nullable()
      .optional()
      .transform((v) => v ?? []),
    text: z
      .string()
      .trim()
      .max(CODEX_TEXT_MAX)
      .nullable()
      .optional()
      .transform((v) => v ?? ''),
    always: z
      .boolean()
      .nullable()
      .optional()
      .transform((v) => v ?? false),
    chapter_index: z.number().int().min(0).max(100_000).nullable().optional().transform((v) => v ?? null),
    version: z.number().int().min(1).max(100_000).nullable().optional().transform((v) => v ?? null),
  })
  .refine((e) => (e.chapter_index === null) === (e.version === null), { message: 'chapter_index and version go together', path: ['version'] });
export type CodexEntryInput = z.infer<typeof CodexEntryInput>;

/** POST /novel/codex/: the whole list (entries left out are deleted). */
export const SaveCodexBody = z.object({
  novel_uid: z.string().trim().min(1).max(64),
  entries: z.array(CodexEntryInput).max(CODEX_ENTRIES_MAX),
});
export type SaveCodexBody = z.infer<typeof SaveCodexBody>;

export const CodexList = z.object({ novel_uid: z.string(), entries: z.array(CodexEntry) });
export type CodexList = z.infer<typeof CodexList>;

/** GET /novel/context/: what the model saw for the chosen version of a chapter. */
export const ContextQuery = z.object({
  novel_uid: z.string().trim().min(1).max(64),
  chapter_index: z.coerce.number().int().min(0).max(100_000),
});

export const ContextPart = z.object({
  kind: z.enum(CONTEXT_KINDS),
  /** What the part is: an entry's name for `codex`, "chapter 3" for `retrieved`, else the kind again. */
  label: z.string(),
  tokens: z.number().int(),
  /** The part's text as the model got it. */
  text: z.string(),
});
export type ContextPart = z.infer<typeof ContextPart>;

export const NovelContext = z.object({
  novel_uid: z.string(),
  chapter_index: z.number().int(),
  version: z.number().int(),
  /** The model's context in tokens (LLM_CONTEXT_TOKENS); 0 for a writer without one (the offline writer). */
  context_tokens: z.number().int(),
  /** The prompt's tokens: the parts add up to it. */
  total_tokens: z.number().int(),
  parts: z.array(ContextPart),
});
export type NovelContext = z.infer<typeof NovelContext>;
