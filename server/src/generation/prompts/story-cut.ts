import { fitTail } from './build';
import type { TokenCounter } from './tokens';

/**
 * The story text cut in large steps (issue 49, docs/decisions/0055-writers-room.md). Cutting the
 * oldest paragraph each time the story grows moves the prompt's start every chapter, and a model
 * server's prompt cache is lost with it. Here the text starts at one of a few fixed places (the first
 * paragraph at or after k × step tokens from the story's beginning): the start stays put while
 * chapters are added, and moves one step when the text no longer fits.
 */

/** With a context size, the story text takes at most this many tokens (cost on large hosted contexts). */
export const STORY_MAX_TOKENS = 16_000;
/** The step is a quarter of the context, at most half the room, in whole multiples of this. */
const STEP_GRAIN = 256;

type CutOptions = {
  /** Tokens the story may take. */
  room: number;
  /** The model's context (the step follows it); unset: the step follows the character cap. */
  contextTokens?: number;
  /** At most this many characters (the offline writer's 12,000-character cut). */
  capChars?: number;
  count: TokenCounter;
};

/** The step between the places the story may start, in tokens (or characters without a context). */
function stepOf(options: CutOptions, limit: number): number {
  const base = options.contextTokens ? options.contextTokens / 6 : limit / 3;
  const step = Math.min(base, limit / 2);
  return Math.max(STEP_GRAIN / 4, Math.floor(step / STEP_GRAIN) * STEP_GRAIN || Math.floor(step));
}

/**
 * The end of `text` from the first place on the step grid whose tail fits `room` tokens (and the
 * character cap); when not even the last paragraph fits, its end as fitTail cuts it.
 */
export function steppedTail(text: string, options: CutOptions): string {
  const { count } = options;
  const cap = options.contextTokens ? STORY_MAX_TOKENS : Number.POSITIVE_INFINITY;
  const room = Math.min(options.room, cap);
  const capChars = options.capChars ?? Number.POSITIVE_INFINITY;
  if (room <= 0) return '';
  const paragraphs = text.split(/\n{2,}/u);
  // Tokens (or characters, without a context) and characters before each paragraph.
  const measure = options.contextTokens ? count : (p: string) => p.length;
  const starts: number[] = [];
  const charStarts: number[] = [];
  let at = 0;
  let chars = 0;
  for (const paragraph of paragraphs) {
    starts.push(at);
    charStarts.push(chars);
    at += measure(paragraph) + 1;
    chars += paragraph.length + 2;
  }
  const total = at;
  const totalChars = chars;
  const limit = options.contextTokens ? room : Math.min(room, capChars);
  const fits = (i: number) => total - starts[i]! <= limit && totalChars - charStarts[i]! <= capChars;
  if (fits(0) && (!options.contextTokens || count(text) <= room)) return text;
  const step = stepOf(options, limit);
  let i = 0;
  for (let k = 1; i < paragraphs.length; k++) {
    while (i < paragraphs.length && starts[i]! < k * step) i++;
    if (i < paragraphs.length && fits(i)) {
      const tail = paragraphs.slice(i).join('\n\n');
      if (!options.contextTokens || count(tail) <= room) return tail;
    }
  }
  return fitTail(paragraphs.at(-1)!, room, count);
}
