import { z } from 'zod';
import { Takedown } from './moderation';
import { LANGUAGES } from './languages';
import { CodexEntryInput } from './codex';
import { CODEX_ENTRIES_MAX } from './codex-limits';

export { CONTINUE_COST, GENERATE_COST, GENERATE_STATUSES, TITLE_LENGTH, WRITERS, type GenerateStatus } from './constants';
import { AUTHOR_NOTE_MAX, GENERATE_STATUSES, MEMORY_MAX, PINNED_FACT_MAX, PINNED_FACTS_MAX, WRITERS, type GenerateStatus } from './constants';
export { formatInputParams, novelTitle, parseInputParams, wordCount } from './text';

/** A character's name: one line, no line breaks or control characters (it is quoted into the model's prompt). */
export const CharacterName = z
  .string()
  .trim()
  .min(1, 'enter character name')
  .max(60)
  .refine((v) => !/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(v), 'one line, no control characters');
const name = CharacterName;
const setting = z.string().trim().max(2000).default('');

/** The character and plot fields of a generation request (SPEC.md section 3). */
export const StoryParams = z.object({
  char_a_name: name,
  char_a_setting: setting,
  char_b_name: name,
  char_b_setting: setting,
  plot: z.string().trim().max(4000).default(''),
});
export type StoryParams = z.infer<typeof StoryParams>;

const flag = z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)]));

/** POST /novel/generate/: the generation request of SPEC.md section 3. */
export const GenerateBody = z.object({
  title: z.string().max(200).optional(),
  description: z.string().max(2000).optional(),
  tags: z.array(z.string().max(40)).max(10).optional(),
  params: StoryParams,
  is_r18: flag,
  dialogue_heavy: flag,
  first_person: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1), z.literal(2)])),
  language: z.enum(LANGUAGES),
  model: z.literal('v1').default('v1'),
  /** The persona the form was filled from, if any (shown as the provenance of a published post). */
  persona_uid: z.string().trim().max(64).optional(),
  /** Codex entries the form brings (a V2/V3 card's `character_book`), after the two seeded from the characters (issue 49). */
  codex: z.array(CodexEntryInput).max(CODEX_ENTRIES_MAX).optional(),
});
export type GenerateBody = z.infer<typeof GenerateBody>;

export const GenerateResult = z.object({
  novel_uid: z.string(),
  generate_status: z.enum(GENERATE_STATUSES),
  balance: z.number().int(),
});

export const NovelRef = z.object({ novel_uid: z.string().trim().min(1).max(64) });

export const Novel = z.object({
  uid: z.string(),
  title: z.string(),
  tags: z.array(z.string()),
  author_name: z.string(),
  author_uid: z.string(),
  generate_status: z.enum(GENERATE_STATUSES),
  created_time: z.number().int(),
  updated_time: z.number().int(),
  word_count: z.number().int(),
  /** A quoted-dictionary string of the character and plot fields (SPEC.md section 3). */
  input_params: z.string(),
  is_r18: z.union([z.literal(0), z.literal(1)]),
  first_person: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  dialogue_heavy: z.union([z.literal(0), z.literal(1)]),
  language: z.enum(LANGUAGES),
  /** Which writer produced the text: the built-in offline writer is labelled so nobody mistakes it for a model. */
  written_by: z.enum(WRITERS),
  chapter_count: z.number().int(),
  /** Short error for failed generations; null otherwise. */
  failure: z.string().nullable(),
  /** Only for the author of a novel an operator took down. */
  takedown: Takedown.nullable().optional(),
});
export type Novel = z.infer<typeof Novel>;

/**
 * One chapter of the chosen path: `version` of `versions` (1-based) versions of this chapter that
 * follow the same earlier chapters (POST /novel/rewrite/ adds one, POST /novel/select/ chooses).
 */
export const Chapter = z.object({
  index: z.number().int(),
  content: z.string(),
  created_time: z.number().int(),
  version: z.number().int().min(1),
  versions: z.number().int().min(1),
});
/**
 * Where a reader who is not the author can follow this story (the source line of copied text):
 * its newest public post, else the novel page while it is public, else its published persona.
 */
export const NovelShare = z.object({
  post_uid: z.string().nullable(),
  novel_public: z.boolean(),
  persona_uid: z.string().nullable(),
});
export type NovelShare = z.infer<typeof NovelShare>;
export const NovelDetails = z.object({ novel: Novel, chapters: z.array(Chapter), share: NovelShare.optional() });
export type NovelDetails = z.infer<typeof NovelDetails>;

export const NovelListQuery = z.object({
  author_uid: z.string().max(64).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** POST /novel/edit/: replaces one chapter's text (the last one when chapter_index is left out). */
export const EditNovelBody = z.object({
  novel_uid: z.string().trim().min(1).max(64),
  chapter_index: z.number().int().min(0).optional(),
  content: z.string().max(200_000),
});

const ChapterIndex = z.coerce.number().int().min(0).max(10_000);

/** POST /novel/rewrite/: a new version of one chapter of the chosen path (0-based `chapter_index`, as the details' `index`). */
export const RewriteBody = z.object({
  novel_uid: z.string().trim().min(1).max(64),
  chapter_index: ChapterIndex,
});

/** POST /novel/select/: chooses version `version` (1-based) of a chapter of the chosen path; answers the novel details. */
export const SelectVersionBody = z.object({
  novel_uid: z.string().trim().min(1).max(64),
  chapter_index: ChapterIndex,
  version: z.coerce.number().int().min(1).max(10_000),
});

export const StopResult = z.object({ generate_status: z.enum(GENERATE_STATUSES), refunded: z.boolean(), balance: z.number().int() });

/** Server-Sent Events of GET /novel/stream/ (CONTRACT.md section 4). */
export type StreamEvent =
  | { event: 'delta'; data: { chapter: number; text: string } }
  | { event: 'done'; data: { generate_status: GenerateStatus; word_count: number } }
  | { event: 'error'; data: { message: string; generate_status: GenerateStatus } };


/** GET /novel/memory/: the author's view of what the next chapter's prompt carries besides the recent text. */
export const NovelMemory = z.object({
  novel_uid: z.string(),
  /** What the next chapter uses: the author's edit, else the generated memory ('' when none yet). */
  memory: z.string(),
  /** The memory the model wrote (what "reset" brings back). */
  generated_memory: z.string(),
  /** 'edited', 'generated', 'extract' (the offline writer's labelled extract) or 'none'. */
  memory_source: z.enum(['edited', 'generated', 'extract', 'none']),
  /** How many chapters the memory covers (of the chosen path). */
  memory_chapters: z.number().int(),
  chapters: z.number().int(),
  author_note: z.string(),
  pinned_facts: z.array(z.string()),
});
export type NovelMemory = z.infer<typeof NovelMemory>;

/** POST /novel/memory/: author only; each field optional; `memory: null` (or '') goes back to the generated memory. */
export const SaveMemoryBody = z.object({
  novel_uid: z.string().trim().min(1).max(64),
  memory: z.string().trim().max(MEMORY_MAX).nullable().optional(),
  author_note: z.string().trim().max(AUTHOR_NOTE_MAX).optional(),
  pinned_facts: z.array(z.string().trim().min(1).max(PINNED_FACT_MAX)).max(PINNED_FACTS_MAX).optional(),
});
export type SaveMemoryBody = z.infer<typeof SaveMemoryBody>;
