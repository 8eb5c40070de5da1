import type { StoryParams } from '@butterfic/contract';
import type { NovelSettings } from './job-store';
import { PromptTooLongError } from './prompts/build';
import { layoutPrompt } from './prompts/layout';
import { ProviderError, type ChatMessage, type LlmProvider, type StoryRequest } from './types';

/** Where a chapter stands: its place, the text before it, any saved start, its version and the memory before it. */
export type ChapterLine = { chapterIndex: number; earlierText: string; current: string; version: number; memory: string };

/** A new story's line: the first chapter, nothing before it. */
export const FIRST_CHAPTER: ChapterLine = { chapterIndex: 0, earlierText: '', current: '', version: 1, memory: '' };

/** What the model is asked for one chapter of a novel with these settings. `targetChars`: the length asked of English and Korean (half of it in Chinese and Japanese). */
export function storyOf(novel: NovelSettings, line: ChapterLine, targetChars: number): StoryRequest {
  return {
    params: novel.params as StoryParams,
    perspective: (novel.firstPerson === 1 || novel.firstPerson === 2 ? novel.firstPerson : 0) as 0 | 1 | 2,
    dialogueHeavy: novel.dialogueHeavy,
    spicy: novel.isR18,
    language: novel.language,
    chapterIndex: line.chapterIndex,
    // The whole line: the layout cuts it in large steps (prompts/story-cut.ts).
    storySoFar: line.earlierText,
    resumeFrom: line.current,
    version: line.version,
    memory: line.memory,
    pinnedFacts: novel.pinnedFacts,
    authorNote: novel.authorNote,
    targetChars: ['en', 'ko'].includes(novel.language) ? targetChars : Math.round(targetChars * 0.5),
  };
}

/** The prompt for `story` fitted to the provider's context (throws PromptTooLongError when the settings alone do not fit). */
export const fitPrompt = (provider: LlmProvider, story: StoryRequest) =>
  layoutPrompt(story, { contextTokens: provider.contextTokens, count: provider.countTokens?.bind(provider) });

/** fitPrompt for a job: a prompt that does not fit fails the job at once (refunded, not retried). */
export function jobPrompt(provider: LlmProvider, story: StoryRequest, onTooLong: (error: PromptTooLongError) => void) {
  try {
    return fitPrompt(provider, story);
  } catch (error) {
    if (!(error instanceof PromptTooLongError)) throw error;
    onTooLong(error);
    throw new ProviderError(error.message, false);
  }
}

/**
 * What the judge reads of a story job: exactly what the model is sent (issue 46), every message in
 * order (our rules, the settings, pinned facts, memory, the author's note, the story so far, a resumed
 * start), one text; the judge cuts it into overlapping pieces only when it does not fit its context.
 */
export function promptText(messages: ChatMessage[]): string {
  return messages.map((m) => `[${m.role}]\n${m.content}`).join('\n\n');
}
