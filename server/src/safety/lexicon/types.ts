import type { Language } from '@butterfic/contract';

/**
 * What one language contributes to the check. Patterns are regular-expression
 * sources matched (flags `gimu`: `$` is the end of a line) against normalised text: NFKC, lower case,
 * invisible characters removed, white space collapsed to one space or one line break (see normalize.ts).
 */
export type Lexicon = {
  language: Language;
  /**
   * Ages: each pattern has a named group `n` holding a number (digits or
   * number words of this language); a match whose number is below 18 names a
   * minor. Age gaps ("10 years older") are written so they never match.
   */
  ages: string[];
  /** Number words of this language and their values (`ten` marks a multiplier such as 十 or 십). */
  numbers: Record<string, number | 'ten'>;
  /** Words and phrases that make a character a minor: school-age words, school grades, slang. */
  minor: string[];
  /** Like `minor`, applied only to text in this language (words that mean something else in a neighbour). */
  minorOwnLanguage?: string[];
  /** Sexual content, refused in a general (not 18+) story. */
  sexual: string[];
  /** Phrases blanked out before matching: the false friends of the lists above ("a minor detail", カロリー). */
  allow: string[];
};
