import { RUBY_PATTERNS, rubyFor } from '@butterfic/contract/client';

/**
 * A paragraph of story text as the reader shows it (issue 30): ruby from the forms Japanese
 * web-novel sites use, and, in vertical writing, short runs of Latin digits set upright in one
 * character's width (縦中横). The result is data, never markup: the reader renders it as React
 * elements and the EPUB escapes every piece, so nothing the author wrote is read as HTML.
 *
 * Ruby (the rules of 小説家になろう and カクヨム):
 * - `｜漢字《かんじ》` (or a half-width `|`): anything after the bar up to 《 is the base, 《…》 the
 *   reading. `｜《` writes a literal 《.
 * - `漢字《かんじ》`: without a bar, the run of kanji just before 《 is the base.
 * - `漢字(かんじ)` / `漢字（かんじ）`: the run of kanji just before the parenthesis is the base when
 *   the parentheses hold only kana (an aside in brackets stays an aside).
 * Only Japanese stories read the bar-less forms: in Chinese 《》 marks a book title and （） an aside.
 * Other languages read only the explicit `｜base《reading》`.
 * The patterns are the contract's (contract/src/ruby.ts), which the safety check reads text as shown
 * with (server/src/safety/ruby.ts, issue 46).
 */
export type InlinePiece = { text: string } | { base: string; reading: string } | { upright: string };

export type InlineOptions = {
  /** 'all' for Japanese, 'explicit' (only ｜base《reading》) for others. */
  ruby: 'all' | 'explicit';
  /** Vertical writing: 1–2 Latin digits (and !? pairs) become upright pieces. */
  upright?: boolean;
};

/** Digits alone in a run of at most two (a year or a long number stays sideways), and !? pairs. */
const UPRIGHT = /(?<![0-9０-９])[0-9]{1,2}(?![0-9０-９])|[!?！？]{2}/gu;

export { rubyFor };

function pushText(out: InlinePiece[], text: string, upright: boolean) {
  if (!text) return;
  if (!upright) {
    const last = out.at(-1);
    if (last && 'text' in last) last.text += text;
    else out.push({ text });
    return;
  }
  let at = 0;
  for (const match of text.matchAll(UPRIGHT)) {
    if (match.index > at) pushText(out, text.slice(at, match.index), false);
    out.push({ upright: match[0] });
    at = match.index + match[0].length;
  }
  if (at < text.length) pushText(out, text.slice(at), false);
}

export function parseInline(text: string, options: InlineOptions): InlinePiece[] {
  const out: InlinePiece[] = [];
  const upright = options.upright ?? false;
  const pattern = RUBY_PATTERNS[options.ruby];
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    pushText(out, text.slice(at, match.index), upright);
    at = match.index + match[0].length;
    const [whole, barBase, barReading, kanjiBase, kanjiReading, parenBase, parenReading] = match;
    const base = barBase ?? kanjiBase ?? parenBase;
    const reading = barReading ?? kanjiReading ?? parenReading;
    if (base === undefined || reading === undefined) {
      // ｜《: the bar only escapes the bracket.
      pushText(out, whole.slice(1), upright);
      continue;
    }
    out.push({ base, reading: reading.trim() || reading });
  }
  pushText(out, text.slice(at), upright);
  return out;
}

/** The text a piece stands for on screen without ruby (for copying, counting, reading aloud). */
export function plainText(pieces: InlinePiece[]): string {
  return pieces.map((piece) => ('text' in piece ? piece.text : 'base' in piece ? piece.base : piece.upright)).join('');
}
