import { parseInputParams } from '@butterfic/contract/client';
import type { Chapter, GenerateStatus } from './api/types';

/** SPEC.md section 4: any status other than done is styled as in progress (failed has its own look). */
export const isInProgress = (status: GenerateStatus): boolean => status !== 'done' && status !== 'failed';

/** A job is running: the text is still growing and a stream can be read. */
export const isLive = (status: GenerateStatus): boolean => status === 'generating' || status === 'continuing';

/** The chapter's paragraphs as shown (one floor down: the co-writing desk maps selections through them). */
export { splitParagraphs } from '../../lib/paragraphs';

/** The chapter being written, as the stream has it so far. */
export type LiveChapter = { chapter: number; text: string };

/**
 * The chapters to show: the saved ones, with the chapter being written
 * replaced by (or, when the saved list does not have it yet, added as) the
 * streamed text.
 */
export function withLiveChapter(chapters: Chapter[], live: LiveChapter | null): Chapter[] {
  if (!live) return chapters;
  // A rewritten chapter ends the path while it is written: later chapters belong to the version it replaces.
  const kept = chapters.filter((chapter) => chapter.index <= live.chapter);
  const found = kept.some((chapter) => chapter.index === live.chapter);
  const merged = found
    ? kept.map((chapter) => (chapter.index === live.chapter ? { ...chapter, content: live.text } : chapter))
    : [...kept, { index: live.chapter, content: live.text, created_time: 0, version: 1, versions: 1 }];
  return merged.sort((a, b) => a.index - b.index);
}

/** A new version of the last chapter is being written (a continuation's chapter has one version). */
export const isRewriting = (chapters: Chapter[]): boolean => {
  const last = chapters.at(-1);
  return last !== undefined && last.versions > 1 && last.version === last.versions;
};

/** The whole story as plain text: the title, then the chapters with blank lines between them. */
export function storyText(title: string, chapters: Chapter[]): string {
  const body = chapters
    .map((chapter) => chapter.content.trim())
    .filter(Boolean)
    .join('\n\n');
  return title.trim() ? `${title.trim()}\n\n${body}` : body;
}

/** The novels of all pages so far, each once (a list refetched page by page may overlap at the seams). */
export function uniqueNovels<T extends { uid: string }>(pages: { results: T[] }[]): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const page of pages) {
    for (const novel of page.results) {
      if (seen.has(novel.uid)) continue;
      seen.add(novel.uid);
      out.push(novel);
    }
  }
  return out;
}

/** The generation tags the server stores (adult flag, perspective, style) have translated labels. */
export const KNOWN_TAGS = ['R18', 'notR18', 'firstPerson', 'secondPerson', 'thirdPerson', 'conversation', 'description'] as const;
export const isKnownTag = (tag: string): tag is (typeof KNOWN_TAGS)[number] => (KNOWN_TAGS as readonly string[]).includes(tag);

/** The story's two character names, from the novel's input_params: kept as written when the script is converted. */
export function characterNames(inputParams: string): string[] {
  const params = parseInputParams(inputParams);
  return [params.char_a_name ?? '', params.char_b_name ?? ''].filter((name) => name.trim() !== '');
}
