import { RUBY_PATTERNS, rubyFor, type Language } from '@butterfic/contract';

/**
 * Text as the reading screens show it (issue 46: "text is checked as it is shown"). The reader renders
 * ruby from the forms of Japanese web-novel sites (web/src/lib/inline-text.ts, issue 30), so
 * `｜十五《じゅうご》歳` is shown as 十五歳 with a reading above it: the check must read the base joined
 * with what follows, not split by the reading. The same patterns as the web app (contract/src/ruby.ts):
 *
 * - every language: `｜base《reading》` (or a half-width `|`), and `｜《` as a literal 《;
 * - Japanese only: `漢字《かんじ》` (the run of kanji before 《 is the base) and `漢字(かな)` / `漢字（かな）`.
 *
 * Only the readings go: the bases stay where they stand. The reading itself is still read, in the text
 * as written (Safety checks both).
 */
/** Characters without which no ruby form can be present (a cheap test before the patterns run). */
const MARKS = { all: /[《(（]/u, explicit: /《/u };

/**
 * `text` without its ruby readings, as the reader shows it in `language` (the text itself when it has
 * none), and `at`: where an index of `text` lands in it (an index inside a ruby form lands at the start
 * of its base, so a match that takes in any of the form counts from there).
 */
export function rubyShown(text: string, language: Language): { shown: string; at: (index: number) => number } {
  const kind = rubyFor(language);
  if (!MARKS[kind].test(text)) return { shown: text, at: (index) => index };
  /** Each form: where it starts and ends in `text`, and where its base starts in the text shown. */
  const forms: { from: number; to: number; shownFrom: number; shownTo: number }[] = [];
  let shown = '';
  let last = 0;
  for (const match of text.matchAll(RUBY_PATTERNS[kind])) {
    const [whole, barBase, , kanjiBase, , parenBase] = match;
    // ｜《: the bar only escapes the bracket.
    const base = barBase ?? kanjiBase ?? parenBase ?? whole.slice(1);
    shown += text.slice(last, match.index);
    forms.push({ from: match.index, to: match.index + whole.length, shownFrom: shown.length, shownTo: shown.length + base.length });
    shown += base;
    last = match.index + whole.length;
  }
  shown += text.slice(last);
  const at = (index: number): number => {
    let before: (typeof forms)[number] | undefined;
    for (const form of forms) {
      if (form.from > index) break;
      if (index < form.to) return form.shownFrom;
      before = form;
    }
    return before ? before.shownTo + (index - before.to) : index;
  };
  return { shown, at };
}

/** `text` without its ruby readings, as the reader shows it in `language`. */
export const rubyAsShown = (text: string, language: Language): string => rubyShown(text, language).shown;
