import { fold } from './prompts/codex';

/**
 * Old chapters that come back (issue 49, docs/decisions/0055-writers-room.md): the story is cut into
 * passages at paragraph ends, and each passage gets search terms PostgreSQL's own text search can
 * index on the embedded server (the `simple` configuration over terms made here): words folded for
 * space-separated languages, overlapping character pairs for Chinese and Japanese, syllables for
 * Korean. Pure functions: the novels module stores and ranks (modules/novels/passages.ts).
 */

/** A passage is about this long: paragraphs are joined up to it, and a longer paragraph is cut at sentence ends. */
export const PASSAGE_CHARS = 400;

const SENTENCE_END = /(?<=[.!?。！？…」』”"])\s*/u;

/** A long paragraph in pieces of about PASSAGE_CHARS, cut after sentence ends (never inside a character). */
function sentencesOf(paragraph: string): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const sentence of paragraph.split(SENTENCE_END).filter(Boolean)) {
    if (current && Array.from(current).length + Array.from(sentence).length > PASSAGE_CHARS) {
      pieces.push(current);
      current = '';
    }
    current += sentence;
  }
  if (current) pieces.push(current);
  return pieces.flatMap((piece) => {
    const chars = Array.from(piece);
    if (chars.length <= PASSAGE_CHARS * 2) return [piece];
    const cut: string[] = [];
    for (let i = 0; i < chars.length; i += PASSAGE_CHARS) cut.push(chars.slice(i, i + PASSAGE_CHARS).join(''));
    return cut;
  });
}

/** A chapter's passages: whole paragraphs joined up to about PASSAGE_CHARS characters. */
export function splitPassages(chapter: string): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let size = 0;
  const flush = () => {
    if (current.length) out.push(current.join('\n\n'));
    current = [];
    size = 0;
  };
  for (const paragraph of chapter.split(/\n{2,}/u).map((p) => p.trim()).filter(Boolean)) {
    const length = Array.from(paragraph).length;
    if (length > PASSAGE_CHARS) {
      flush();
      out.push(...sentencesOf(paragraph));
      continue;
    }
    if (size && size + length > PASSAGE_CHARS) flush();
    current.push(paragraph);
    size += length;
  }
  flush();
  return out;
}

const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]+/gu;
const HANGUL_RUN = /\p{Script=Hangul}+/gu;
const WORD = /[\p{L}\p{N}]+/gu;

/** The search terms of a text, space-separated, for `to_tsvector('simple', …)` and a query of the same. */
export function searchTerms(text: string): string[] {
  const folded = fold(text);
  const terms: string[] = [];
  for (const run of folded.match(CJK_RUN) ?? []) {
    const chars = Array.from(run);
    if (chars.length === 1) terms.push(run);
    for (let i = 0; i + 1 < chars.length; i++) terms.push(chars[i]! + chars[i + 1]!);
  }
  for (const run of folded.match(HANGUL_RUN) ?? []) terms.push(...Array.from(run));
  const rest = folded.replace(CJK_RUN, ' ').replace(HANGUL_RUN, ' ');
  for (const word of rest.match(WORD) ?? []) if (word.length > 1) terms.push(word);
  return terms;
}

/** Terms that say little: a query of common words would match everything. */
const COMMON = new Set(['the', 'and', 'of', 'to', 'in', 'a', 'is', 'was', 'he', 'she', 'they', 'it', 'that', 'with', 'for', 'on', 'at', 'as', 'his', 'her', 'their', 'next', 'chapter']);

/** The distinct terms of a query, common words left out, at most `max` (the rarest are not known here: the first ones win). */
export function queryTerms(text: string, max = 64): string[] {
  return [...new Set(searchTerms(text).filter((t) => !COMMON.has(t)))].slice(0, max);
}
