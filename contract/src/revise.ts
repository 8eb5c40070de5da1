import { z } from 'zod';
import { NovelDetails } from './novels';
import {
  BEAT_MAX,
  BEATS_MAX,
  DIRECTION_MAX,
  HISTORY_SOURCES,
  REVISE_INSTRUCTION_MAX,
  REVISE_VARIANTS_MAX,
  REVISE_VARIANTS_DEFAULT,
} from './cowrite-constants';

export * from './cowrite-constants';

/** Co-writing in place (issue 50, docs/decisions/0056-co-writing-in-place.md). */
const NovelUid = z.string().trim().min(1).max(64);
const ChapterIndex = z.coerce.number().int().min(0).max(10_000);
/** A UTF-16 offset in the chapter's `content` (what JavaScript's String indexes count). */
const Offset = z.coerce.number().int().min(0).max(1_000_000);

const range = <T extends { start: number; end: number }>(body: T) => body.end > body.start;
const rangeIssue = { message: 'end must be after start', path: ['end'] };

/** POST /novel/revise/: variants of the text between `start` and `end` of one chapter, following `instruction`. */
export const ReviseBody = z
  .object({
    novel_uid: NovelUid,
    chapter_index: ChapterIndex,
    start: Offset,
    end: Offset,
    instruction: z.string().trim().min(1).max(REVISE_INSTRUCTION_MAX),
    variants: z.coerce.number().int().min(1).max(REVISE_VARIANTS_MAX).default(REVISE_VARIANTS_DEFAULT),
  })
  .refine(range, rangeIssue);
export type ReviseBody = z.infer<typeof ReviseBody>;

export const ReviseResult = z.object({
  variants: z.array(z.object({ text: z.string() })),
  balance: z.number().int(),
});
export type ReviseResult = z.infer<typeof ReviseResult>;

/**
 * POST /novel/revise/accept/: the selection replaced by `text`. `original` is the selected text as the
 * client saw it: when the chapter no longer holds it between `start` and `end`, the answer is 409.
 */
export const ReviseAcceptBody = z
  .object({
    novel_uid: NovelUid,
    chapter_index: ChapterIndex,
    start: Offset,
    end: Offset,
    original: z.string().min(1).max(200_000),
    text: z.string().max(200_000),
  })
  .refine(range, rangeIssue);
export type ReviseAcceptBody = z.infer<typeof ReviseAcceptBody>;
export { NovelDetails as ReviseAcceptResult };

/** Server-Sent Events of POST /novel/revise/ with `Accept: text/event-stream` (`head` carries the envelope of `{balance}`). */
export type ReviseEvent =
  | { event: 'head'; data: { base_resp: { status_code: number; status_msg: string }; data: { balance: number } } }
  | { event: 'variant'; data: { index: number; text: string } }
  | { event: 'done'; data: { variants: { text: string }[]; balance: number } }
  | { event: 'error'; data: { message: string; refunded: boolean; balance: number } };

export const HistoryQuery = z.object({ novel_uid: NovelUid, chapter_index: ChapterIndex });
export const HistoryEntry = z.object({
  uid: z.string(),
  source: z.enum(HISTORY_SOURCES),
  created_time: z.number().int(),
  content: z.string(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;
export const History = z.object({ entries: z.array(HistoryEntry) });
export type History = z.infer<typeof History>;
export const RestoreBody = z.object({ novel_uid: NovelUid, chapter_index: ChapterIndex, uid: z.string().trim().min(1).max(64) });

/** Optional steering of /novel/continuation/ and /novel/rewrite/: what the chapter must cover, in order, and where it goes. */
export const Steering = z.object({
  beats: z.array(z.string().trim().min(1).max(BEAT_MAX)).max(BEATS_MAX).optional(),
  direction: z.string().trim().max(DIRECTION_MAX).optional(),
});
export const ContinueBody = z.object({ novel_uid: NovelUid }).extend(Steering.shape);
export const SteeredRewriteBody = z.object({ novel_uid: NovelUid, chapter_index: ChapterIndex }).extend(Steering.shape);

export const ChoicesBody = z.object({ novel_uid: NovelUid });
export const Choices = z.object({ choices: z.array(z.string()) });
export type Choices = z.infer<typeof Choices>;

export const ContinuityQuery = HistoryQuery;
export const ContinuityWarning = z.object({
  quote: z.string(),
  conflicts_with: z.object({ kind: z.enum(['pinned', 'codex', 'memory']), text: z.string() }),
  explanation: z.string(),
});
export type ContinuityWarning = z.infer<typeof ContinuityWarning>;
export const Continuity = z.object({ warnings: z.array(ContinuityWarning) });
export type Continuity = z.infer<typeof Continuity>;
