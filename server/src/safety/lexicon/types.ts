/**
 * What one language contributes to the check. Patterns are regular-expression sources (flags `gu`)
 * matched against the folded text of normalize.ts: lower case, one space for any white space (a line
 * break does not end a phrase), accents and invisible characters gone, look-alike letters folded to
 * their Unicode prototype, every script's digits ASCII. Sources are written in lower case and folded
 * by the same steps, so a Cyrillic word in a source matches the same word in a text.
 */
export type AgeFrame = {
  /** A source with a named group `n` holding a number (digits or this language's number words). */
  pattern: string;
  /**
   * `age`: the number is someone's age (a minor when below the threshold). `below`: an upper bound
   * ("under 18", "未满十八岁", "18歳未満", "19세 미만", "almost 18"): a minor when the bound is at most the threshold.
   */
  kind: 'age' | 'below';
  /**
   * The frame has a group `name` (the subject: "Mia is 15", "Emma (15)"): a pronoun or a person noun
   * of `people`, or a word the text writes with a capital letter — so "the bill is 15" is not an age.
   */
  named?: boolean;
  /**
   * What may not stand right before the match (a source matched against the text before it, anchored at
   * its end): "the house is" before "15 years old", 大她 before 五岁. Kept out of `pattern` so the
   * pattern does not start with a look-behind tried at every character of a long text.
   */
  notAfter?: string;
};

export type Lexicon = {
  /** The language's tag ('en', 'zh-CN', …, or 'fr', 'es', 'de', 'pt', 'ru' for the languages read without an interface). */
  language: string;
  /**
   * Which text the lexicon reads. `latin`/`cyrillic`/`hangul` patterns only match their own letters; `han` (Chinese)
   * reads sentences with no kana in them (a Chinese word is not looked for inside a Japanese name); `japanese` reads all.
   */
  script: 'latin' | 'cyrillic' | 'han' | 'japanese' | 'hangul';
  /** Cheap test (on the folded text) whether anything of this lexicon can match; the lexicon is skipped otherwise. */
  gate: string;
  /** Ages below this are minors; 18, and 19 for Korean text (the Youth Protection Act, decision 0031). */
  threshold?: number;
  /** Number words and their values, read by longest prefix (`ten` multiplies what is before it: 二十, 이십). */
  numbers: Record<string, number | 'ten'>;
  /** Whether a Roman numeral in an age slot is read ("Lily is XV"). */
  roman?: boolean;
  /** Subjects a named frame accepts without a capital letter: pronouns and person nouns. */
  people?: string[];
  ages: AgeFrame[];
  /** Words and phrases that make a character a minor: school levels, school-age words, slang. */
  minor: string[];
  /** Like `minor`, read only in a story of this language (words that mean something else in a neighbour: 高校生, JK). */
  minorOwnLanguage?: string[];
  /** Sexual content, refused in a general (not 18+) story. */
  sexual: string[];
  /**
   * Exceptions, matched after detection: a match lying wholly inside one of these phrases is dropped
   * ("a minor detail", 反正太晚了, 어린이집 선생님, 성기사). An exception never hides a different match.
   */
  allow: string[];
  /**
   * Exceptions that stand only in a sentence with nothing sexual in it (no `sexual` or `intimate` match):
   * other people's children spoken of by adults ("her son is in high school now"), school days told as
   * the past ("when they were teenagers", 初中的时候), a role played (cast as a teen), pupils taught, a title.
   * A match such an exception covers, in a sentence that also holds sex, counts.
   */
  weak?: string[];
  /** Besides `sexual`: words that make a sentence an intimate one for `weak` and `near` (virginity, seduces, steamy). */
  intimate?: string[];
  /** Words for a child that count only in a sentence with something sexual or intimate in it (Korean 아이: a child, also anyone's kid). */
  near?: string[];
};
