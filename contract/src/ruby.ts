/**
 * Ruby (furigana) as the reading screens render it (issue 30), in the forms of Japanese web-novel sites:
 *
 * - every language: `｜base《reading》` (or a half-width `|`), and `｜《` as a literal 《;
 * - Japanese only: `漢字《かんじ》` (the run of kanji before 《 is the base) and `漢字(かな)` / `漢字（かな）`.
 *
 * One definition for the web app's renderer (web/src/lib/inline-text.ts) and the safety check, which
 * reads text as it is shown (server/src/safety/ruby.ts, issue 46). A match's groups: the bar form's base
 * and reading, the kanji form's, the parenthesis form's; `｜《` has none.
 */
export type RubyForms = 'all' | 'explicit';

const MAX_BASE = 20;
const MAX_READING = 30;
const KANJI = '\\p{Script=Han}々〆ヶ〇';
const KANA = '\\p{Script=Hiragana}\\p{Script=Katakana}ー・';
const EXPLICIT = `[｜|]《|[｜|]([^｜|《》\\n]{1,${MAX_BASE}})《([^《》\\n]{1,${MAX_READING}})》`;
const IMPLICIT = `([${KANJI}]{1,${MAX_BASE}})《([^《》\\n]{1,${MAX_READING}})》|([${KANJI}]{1,${MAX_BASE}})[(（]([${KANA}]{1,${MAX_READING}})[)）]`;

/** The ruby pattern (global, for matchAll) of every form (`all`, Japanese) or of the explicit one. */
export const RUBY_PATTERNS: Readonly<Record<RubyForms, RegExp>> = {
  explicit: new RegExp(EXPLICIT, 'gu'),
  all: new RegExp(`${EXPLICIT}|${IMPLICIT}`, 'gu'),
};

/** The ruby forms of a story's language: every form for Japanese, the explicit one otherwise. */
export const rubyFor = (language: string): RubyForms => (language === 'ja' ? 'all' : 'explicit');
