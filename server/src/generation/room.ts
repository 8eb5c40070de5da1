import type { PromptPart } from './prompts/layout';
import type { StoryRequest } from './types';

/**
 * What the engine asks of the writer's room (issue 49, docs/decisions/0055-writers-room.md), a port the
 * novels module fills (modules/novels/room.ts) so that generation/ imports no module: the codex
 * entries and the passages of earlier chapters for each story about to be written, and a place to keep
 * what the model was given for each chapter version.
 */
export type RoomItem = { novelUid: string; chapterId: number | null; story: StoryRequest };

export interface WritersRoom {
  /** Sets `codex`, `codexBudget` and `passages` on each item's story; never throws (a failure leaves the story as it was). */
  furnish(items: RoomItem[]): Promise<void>;
  /** Keeps the prompt's parts for the chapter version it writes; never throws. */
  keep(input: { chapterId: number; contextTokens: number; parts: PromptPart[] }): Promise<void>;
}
