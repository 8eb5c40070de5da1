/** A selection of one chapter's `content`, as UTF-16 offsets (what the server's `start` and `end` count). */
export type ChapterRange = { chapterIndex: number; start: number; end: number; text: string };

/** Where each shown paragraph starts in the chapter's text (paragraphs as the reader splits them). */
function paragraphStarts(content: string, paragraphs: string[]): number[] {
  const starts: number[] = [];
  let cursor = 0;
  for (const paragraph of paragraphs) {
    const at = content.indexOf(paragraph, cursor);
    starts.push(at);
    if (at >= 0) cursor = at + paragraph.length;
  }
  return starts;
}

type Point = { chapter: number; offset: number };

/** A DOM point inside a chapter's paragraph, as an offset in that chapter's text. */
function pointOf(node: Node, offset: number, contentOf: (chapter: number) => { content: string; paragraphs: string[] } | undefined): Point | null {
  const element = node instanceof Element ? node : node.parentElement;
  const paragraph = element?.closest('p');
  const section = paragraph?.closest<HTMLElement>('section[data-chapter]');
  if (!paragraph || !section) return null;
  const chapter = Number(section.dataset.chapter);
  const text = contentOf(chapter);
  if (!text) return null;
  const index = Array.from(section.querySelectorAll(':scope > p')).indexOf(paragraph);
  const start = paragraphStarts(text.content, text.paragraphs)[index];
  if (start === undefined || start < 0) return null;
  const before = document.createRange();
  before.setStart(paragraph, 0);
  before.setEnd(node, offset);
  return { chapter, offset: start + before.toString().length };
}

const squash = (text: string) => text.replace(/\s+/gu, '');

/**
 * The author's selection in the story as a range of one chapter's text, or null when it is empty,
 * outside the story, spans chapters, or does not read as the text (ruby readings, a converted script).
 */
export function chapterRangeOf(
  selection: Selection | null,
  contentOf: (chapter: number) => { content: string; paragraphs: string[] } | undefined,
): ChapterRange | null {
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  const from = pointOf(range.startContainer, range.startOffset, contentOf);
  const to = pointOf(range.endContainer, range.endOffset, contentOf);
  if (!from || !to || from.chapter !== to.chapter || to.offset <= from.offset) return null;
  const content = contentOf(from.chapter)!.content;
  let { offset: start } = from;
  let end = to.offset;
  // Spaces at either end are not part of what the author means to change.
  while (start < end && /\s/u.test(content[start]!)) start++;
  while (end > start && /\s/u.test(content[end - 1]!)) end--;
  const text = content.slice(start, end);
  if (!text || squash(text) !== squash(range.toString())) return null;
  return { chapterIndex: from.chapter, start, end, text };
}
