/**
 * Read-aloud (issue 30): a paragraph cut into what one voice says at a time. Lines in the language's
 * own quotation marks are dialogue (read in a second voice), the rest narration; both are cut further
 * into sentences, so the reader can follow the sentence being read.
 *
 * Quotation marks: 「」 and 『』 (Japanese, Traditional Chinese), “” and ‘’ (English, Simplified
 * Chinese, Korean), and straight "" (any). A quote inside a quote stays in the outer line. A ’ between
 * letters is an apostrophe (Ines’s, don’t), never a closing mark, and ‘ opens a quote only where a
 * word could begin. An unclosed quote runs to the end of the paragraph.
 */
export type Utterance = {
  text: string;
  kind: 'narration' | 'dialogue';
  /** Where it is in the paragraph (UTF-16 offsets, end exclusive), for the highlight. */
  start: number;
  end: number;
};

const OPENERS: Record<string, string> = { '「': '」', '『': '』', '“': '”', '‘': '’', '"': '"', '＂': '＂' };
const LETTER = /[\p{L}\p{N}]/u;

/** The paragraph as narration and dialogue runs, quotation marks kept with their line. */
export function splitQuotes(paragraph: string): Omit<Utterance, 'text'>[] {
  const runs: Omit<Utterance, 'text'>[] = [];
  let start = 0;
  let closer: string | null = null;
  const push = (end: number, kind: Utterance['kind']) => {
    if (end > start) runs.push({ kind, start, end });
    start = end;
  };
  for (let i = 0; i < paragraph.length; i++) {
    const char = paragraph[i]!;
    const before = paragraph[i - 1] ?? '';
    const after = paragraph[i + 1] ?? '';
    if (closer === null) {
      const close = OPENERS[char];
      if (close === undefined) continue;
      // ‘ and " open only where a word could begin (not in rock'n'roll or 5" floppies).
      if ((char === '‘' || char === '"') && LETTER.test(before)) continue;
      push(i, 'narration');
      closer = close;
    } else if (char === closer) {
      // ’ between letters is an apostrophe inside the line.
      if (char === '’' && LETTER.test(before) && LETTER.test(after)) continue;
      push(i + 1, 'dialogue');
      closer = null;
    }
  }
  push(paragraph.length, closer === null ? 'narration' : 'dialogue');
  return runs;
}

const SENTENCE_END = /[。！？!?…]/u;
const AFTER_END = /[。！？!?….」』”’"）)\s]/u;

/** Cuts a run after each sentence end (。！？!?… or a period before a space), closing marks and spaces staying with it. */
function sentences(text: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    const next = text[i + 1] ?? ' ';
    const ends = SENTENCE_END.test(char) || (char === '.' && (AFTER_END.test(next) || next === ' '));
    if (!ends) continue;
    let end = i + 1;
    while (end < text.length && AFTER_END.test(text[end]!)) end++;
    out.push({ start, end });
    start = end;
    i = end - 1;
  }
  if (start < text.length) out.push({ start, end: text.length });
  return out;
}

/** What each voice says in turn: the quotation runs cut into sentences, pieces with nothing to say left out. */
export function utterances(paragraph: string): Utterance[] {
  const out: Utterance[] = [];
  for (const run of splitQuotes(paragraph)) {
    const text = paragraph.slice(run.start, run.end);
    for (const cut of sentences(text)) {
      const piece = text.slice(cut.start, cut.end);
      const trimmed = piece.trim();
      // Nothing to say in a piece of marks alone (a stray 」, an ellipsis).
      if (!/[\p{L}\p{N}]/u.test(trimmed)) continue;
      const start = run.start + cut.start + (piece.length - piece.trimStart().length);
      out.push({ text: trimmed, kind: run.kind, start, end: start + trimmed.length });
    }
  }
  return out;
}

/**
 * Which text of a paragraph is read aloud (issue 48): a ruby's reading (<rt>) in place of its base, so
 * ｜本気《マジ》 is said マジ, once; the parentheses around a reading (<rp>) never.
 */
export function isSpoken(where: { inRuby: boolean; inRt: boolean; inRp: boolean }): boolean {
  if (where.inRp) return false;
  return where.inRt || !where.inRuby;
}

/** A Cantonese voice (zh-HK, zh-MO, yue…): it reads Chinese characters in Cantonese, never right for Mandarin text. */
export function isCantonese(voice: { lang: string; name?: string }): boolean {
  const tag = voice.lang.replace('_', '-').toLowerCase();
  return /^yue\b/u.test(tag) || /^zh-(.+-)?(hk|mo|yue)\b/u.test(tag) || /cantonese|粵|粤/iu.test(voice.name ?? '');
}

/**
 * The voices that read a language, best first: its exact tag (zh-TW, en-US), then others of the same
 * language (en-GB for en); for Chinese only the exact region when there is one (a Taiwan voice for
 * 繁體, a Mainland one for 简体), else another Mandarin voice, and never a Cantonese one (a zh-HK voice
 * reads the same characters in another language).
 */
export function voicesFor<V extends { lang: string; name?: string }>(voices: readonly V[], language: string): V[] {
  const norm = (tag: string) => tag.replace('_', '-').toLowerCase();
  const want = norm(language);
  const base = want.split('-')[0]!;
  const usable = base === 'zh' ? voices.filter((v) => !isCantonese(v)) : voices;
  const exact = usable.filter((v) => norm(v.lang) === want);
  const related = usable.filter((v) => norm(v.lang) !== want && norm(v.lang).split('-')[0] === base);
  return base === 'zh' && exact.length > 0 ? exact : [...exact, ...related];
}
