import type { Language } from '@butterfic/contract';

/**
 * Text as the reading screens show it (issue 46: "text is checked as it is shown"). The reader renders
 * ruby from the forms of Japanese web-novel sites (web/src/lib/inline-text.ts, issue 30), so
 * `｜十五《じゅうご》歳` is shown as 十五歳 with a reading above it: the check must read the base joined
 * with what follows, not split by the reading. The same patterns as the web app, kept in step by hand:
 *
 * - every language: `｜base《reading》` (or a half-width `|`), and `｜《` as a literal 《;
 * - Japanese only: `漢字《かんじ》` (the run of kanji before 《 is the base) and `漢字(かな)` / `漢字（かな）`.
 *
 * Only the readings go: the bases stay where they stand. The reading itself is still read, in the text
 * as written (Safety checks both).
 */
const MAX_BASE = 20;
const MAX_READING = 30;
const KANJI = '\\p{Script=Han}々〆ヶ〇';
const KANA = '\\p{Script=Hiragana}\\p{Script=Katakana}ー・';
const EXPLICIT = `[｜|]《|[｜|]([^｜|《》\\n]{1,${MAX_BASE}})《([^《》\\n]{1,${MAX_READING}})》`;
const IMPLICIT = `([${KANJI}]{1,${MAX_BASE}})《([^《》\\n]{1,${MAX_READING}})》|([${KANJI}]{1,${MAX_BASE}})[(（]([${KANA}]{1,${MAX_READING}})[)）]`;
const PATTERNS = {
  explicit: new RegExp(EXPLICIT, 'gu'),
  all: new RegExp(`${EXPLICIT}|${IMPLICIT}`, 'gu'),
};
/** Characters without which no ruby form can be present (a cheap test before the patterns run). */
const MARKS = /[《(（]/u;

/** `text` without its ruby readings, as the reader shows it in `language` (the text itself when it has none). */
export function rubyAsShown(text: string, language: Language): string {
  if (!MARKS.test(text)) return text;
  return text.replace(
    PATTERNS[language === 'ja' ? 'all' : 'explicit'],
    (whole, barBase?: string, _r1?: string, kanjiBase?: string, _r2?: string, parenBase?: string) => {
      const base = barBase ?? kanjiBase ?? parenBase;
      // ｜《: the bar only escapes the bracket.
      return base ?? whole.slice(1);
    },
  );
}
