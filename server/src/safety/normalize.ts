import { createRequire } from 'node:module';

/**
 * Text as the safety check reads it, folded like a spoofing defence (UTS #39):
 *
 * 1. Roman numeral characters (Ⅻ, ⅩⅤ) become their value in digits; vulgar fractions (½) a space.
 * 2. NFKC: full-width letters and digits, half-width kana, mathematical letters (𝐬𝐡𝐞), ligatures.
 * 3. Every Default_Ignorable_Code_Point (zero-width characters, soft hyphens, joiners, variation
 *    selectors, Hangul fillers) and every other format or control character removed.
 * 4. Decimal digits of any script (\p{Nd}: ١٥, १५, ১৫) read as ASCII digits.
 * 5. Combining marks stripped (s̶h̶e̶, fífteen), except the kana voicing marks.
 * 6. Lower case, then the confusable skeleton: every character outside ASCII and the CJK scripts
 *    mapped to its prototype in Unicode's confusables.txt (the `unhomoglyph` package ships it as
 *    data: Cyrillic а, е, і, ѕ → a, e, i, s; Greek ο → o), with small capitals (ꜱʜᴇ) folded by
 *    unicode/small-capitals.json, derived from Unicode's character names. A prototype that is a digit
 *    is not taken (Cyrillic б would become 6).
 * 7. Every run of white space one space: a line break does not end a phrase ("she is\n15").
 *
 * Pattern sources are folded by the same steps (without the lower-casing: they are written in lower
 * case), so a Russian or Greek word in a pattern matches the same word in a text.
 */
const require = createRequire(import.meta.url);
const CONFUSABLES = new Map(Object.entries(require('unhomoglyph/data.json') as Record<string, string>));
const SMALL_CAPITALS = new Map(Object.entries((require('./unicode/small-capitals.json') as { map: Record<string, string> }).map));

const ROMAN_CHARS = /[\u2160-\u2188]+/gu;
const FRACTIONS = /[\u00BC-\u00BE\u2150-\u215F\u2189]/gu;
/**
 * A character class of every code point with a property, spelled out as ranges once at start-up: the
 * class scans a long CJK text in a fraction of the time \p{…} takes there.
 */
function classOf(property: RegExp, planes: [number, number][], unicode = true): string {
  const ranges: string[] = [];
  const hex = unicode ? (cp: number) => `\\u{${cp.toString(16)}}` : (cp: number) => `\\u${cp.toString(16).padStart(4, '0')}`;
  for (const [from, to] of planes) {
    let start = -1;
    for (let cp = from; cp <= to + 1; cp++) {
      const has = cp <= to && property.test(String.fromCodePoint(cp));
      if (has && start < 0) start = cp;
      if (!has && start >= 0) {
        ranges.push(start === cp - 1 ? hex(start) : `${hex(start)}-${hex(cp - 1)}`);
        start = -1;
      }
    }
  }
  return ranges.join('');
}
/**
 * A pattern spelled out from Unicode's tables the first time it is needed: building the large classes
 * below walks every code point, which a process that never checks a text (the operator CLI, a test's
 * helper process) need not pay for at start-up.
 */
function once(make: () => RegExp): () => RegExp {
  let made: RegExp | undefined;
  return () => (made ??= make());
}
const PLANES: [number, number][] = [
  [0, 0x2ffff],
  [0xe0000, 0xe0fff],
];
/** Every Default_Ignorable_Code_Point, every other format character, and the controls but tab and line breaks. */
const INVISIBLE = once(() => new RegExp(`[${classOf(/[\p{Default_Ignorable_Code_Point}\p{Cf}]|(?![\t\n\r])\p{Cc}/u, PLANES)}]`, 'gu'));
/** Decimal digits of every script but ASCII. */
const OTHER_DIGITS = once(() => new RegExp(`[${classOf(/(?![0-9])\p{Nd}/u, [[0, 0x1ffff]])}]`, 'gu'));
/**
 * Quick tests, read by UTF-16 code unit (no `u` flag: a plain class scans a long text many times faster),
 * whether a step can change anything: the step's characters in the Basic Multilingual Plane, and any
 * high surrogate for those beyond it. A text they do not match skips the step, whose result would be the text.
 */
const BMP: [number, number][] = [[0, 0xffff]];
const MAY_BE_INVISIBLE = once(
  () => new RegExp(`[${classOf(/[\p{Default_Ignorable_Code_Point}\p{Cf}]|(?![\t\n\r])\p{Cc}/u, BMP, false)}\ud800-\udbff]`),
);
const MAY_BE_OTHER_DIGIT = once(() => new RegExp(`[${classOf(/(?![0-9])\p{Nd}/u, BMP, false)}\ud800-\udbff]`));
/** Roman numeral characters and vulgar fractions (all in the Basic Multilingual Plane). */
const MAY_BE_NUMBER_FORM = /[\u2160-\u2188\u00BC-\u00BE\u2150-\u215F\u2189]/;
const STRIP_MARKS = /(?![\u3099\u309A])\p{M}/gu;
const MARK = /^\p{M}$/u;
/** Characters the skeleton may map: all but ASCII, CJK punctuation, kana, Han, Hangul and the full-width forms. */
// Read by code unit (no `u` flag, many times faster on a long text): a surrogate pair is one match, as a
// code point would be, and so is a lone surrogate.
const FOREIGN =
  // eslint-disable-next-line no-control-regex -- the class starts at U+0000 on purpose
  /[\ud800-\udbff][\udc00-\udfff]|[^\u0000-\u007F\u3000-\u30FF\u3400-\u4DBF\u4E00-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]/g;
const MAY_BE_FOREIGN = new RegExp(FOREIGN.source);
const INVISIBLE_OR_OTHER_DIGIT = /[\p{Default_Ignorable_Code_Point}\p{Cf}]|(?![\t\n\r])\p{Cc}|(?![0-9])\p{Nd}/u;
/**
 * Any character one of the three tests above would stop at. Most texts have none (ASCII, Han, kana,
 * Hangul and CJK punctuation), and this class, a few ranges, is read much faster than the tests' large ones.
 */
const UNUSUAL = once(
  () =>
    new RegExp(
      `[^${classOf({ test: (c: string) => !INVISIBLE_OR_OTHER_DIGIT.test(c) && !MAY_BE_FOREIGN.test(c) } as RegExp, BMP, false)}]`,
    ),
);
/**
 * White space other than one plain space (single spaces, most of a text, are left alone); \s has no
 * character beyond U+FFFF. The same as /\s{2,}|[^\S ]/g, spelled so that a long text is read faster: a
 * run led by white space other than a space, or a space with more white space after it.
 */
const SPACE = /[\t-\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]\s*| \s+/g;

const digitCache = new Map<string, string>();
/** The value of a decimal digit of any script: Unicode keeps each script's digits 0–9 in one run. */
function digitValue(char: string): string {
  let value = digitCache.get(char);
  if (value === undefined) {
    const cp = char.codePointAt(0)!;
    let zero = cp;
    while (zero > cp - 9 && /\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero -= 1;
    value = String((cp - zero) % 10);
    digitCache.set(char, value);
  }
  return value;
}

const ROMAN_VALUES: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };
const VALID_ROMAN = /^m{0,3}(?:cm|cd|d?c{0,3})(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})$/u;

/** The value of a Roman numeral ("xv" → 15, "Ⅻ" → 12); NaN when the letters are not one. */
export function romanValue(token: string): number {
  const letters = token.normalize('NFKC').toLowerCase();
  if (!letters || !VALID_ROMAN.test(letters)) return Number.NaN;
  let total = 0;
  for (let i = 0; i < letters.length; i++) {
    const value = ROMAN_VALUES[letters[i]!]!;
    const next = ROMAN_VALUES[letters[i + 1] ?? ''] ?? 0;
    total += value < next ? -value : value;
  }
  return total;
}

const skeletonCache = new Map<string, string>();
/**
 * What one character outside ASCII and the CJK scripts folds to: nothing for a combining mark, its
 * base letter for an accented one, then its confusable prototype (small capitals first).
 */
function prototypeOf(char: string, lower: boolean): string {
  const key = lower ? char : `${char}\u0000`;
  let out = skeletonCache.get(key);
  if (out !== undefined) return out;
  if (MARK.test(char) && char !== '\u3099' && char !== '\u309A') out = '';
  else {
    out = Array.from(char.normalize('NFD').replace(STRIP_MARKS, '').normalize('NFC'), (c) => {
      const small = SMALL_CAPITALS.get(c);
      if (small) return small;
      const proto = CONFUSABLES.get(c);
      const folded =
        proto === undefined || /[0-9\u3000-\u30ff\u3400-\u9fff\uac00-\ud7af]/u.test(proto)
          ? c
          : Array.from(proto, (p) => SMALL_CAPITALS.get(p) ?? p).join('');
      return lower ? folded.toLowerCase() : folded;
    }).join('');
  }
  skeletonCache.set(key, out);
  return out;
}

function fold(text: string, lower: boolean): string {
  let out = text;
  if (MAY_BE_NUMBER_FORM.test(out)) {
    out = out.replace(ROMAN_CHARS, (run) => {
      const value = romanValue(run);
      return Number.isFinite(value) ? String(value) : run;
    });
    out = out.replace(FRACTIONS, ' ');
  }
  out = out.normalize('NFKC');
  const unusual = UNUSUAL().test(out);
  if (unusual && MAY_BE_INVISIBLE().test(out)) out = out.replace(INVISIBLE(), '');
  if (unusual && MAY_BE_OTHER_DIGIT().test(out)) out = out.replace(OTHER_DIGITS(), digitValue);
  // Lower case changes nothing in ASCII without capitals and in the CJK ranges FOREIGN leaves alone (once in NFKC).
  const foreign = unusual && MAY_BE_FOREIGN.test(out);
  if (lower && (foreign || /[A-Z]/.test(out))) out = out.toLowerCase();
  return foreign ? out.replace(FOREIGN, (char) => prototypeOf(char, lower)) : out;
}

/** A pattern source folded the way `normalize` folds a text (the source is written in lower case). */
export function foldPattern(source: string): string {
  return fold(source, false);
}

/** Text as the check reads it (see the steps above). */
export function normalize(text: string): string {
  return fold(text, true).replace(SPACE, ' ');
}

/** The same text with its case kept, to tell a name ("Mia is 15") from a common noun ("the bill is 15"). */
export function normalizeKeepingCase(text: string): string {
  return fold(text, false).replace(SPACE, ' ');
}

/**
 * Letters or digits written one by one with a space or a punctuation mark between them joined into
 * one word ("f i f t e e n", "t.e.e.n", "十 五 岁"): three or more single characters set apart by
 * the same mark, or two or more digits set apart by spaces ("1 5"; "1.5" stays a decimal). A run of
 * two or more spaces still separates words ("s h e  i s" reads "she i s").
 */
const letterCache = new Map<string, boolean>();
const isLetter = (char: string | undefined): boolean => {
  if (char === undefined) return false;
  let is = letterCache.get(char);
  if (is === undefined) {
    is = /[\p{L}\p{N}]/u.test(char);
    letterCache.set(char, is);
  }
  return is;
};
/** A single letter or digit at i: a letter with no letter on either side. */
const single = (text: string, i: number) => isLetter(text[i]) && !isLetter(text[i - 1]) && !isLetter(text[i + 1]);

/**
 * The gaps where a run may start, found in one scan: a gap character whose second character back is not a
 * common letter (ASCII, Hangul, Han, kana: a few ranges, quick to read). The walk below then asks
 * `single` of both sides, as it would of every gap; a gap this skips has a letter before its letter.
 */
const RUN_GAP = once(() => {
  const commonLetter = classOf(
    { test: (c: string) => /[a-zA-Z0-9\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7a3]/.test(c) && isLetter(c) } as RegExp,
    BMP,
    false,
  );
  return new RegExp(`(?<![${commonLetter}].)[ .\\-_*·•/|~+\\u3000]`, 'g');
});

/** Han, kana and Hangul: the scripts whose words a space does not end when a run of spaced letters stops at one ("高 中 女 生和"). */
const CJK_LETTER = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7a3]/u;
const HANGUL = /[\uac00-\ud7a3]/u;
/** English words of one letter, which a spaced-out word may stand right after ("a t e e n a g e r"). */
const ONE_LETTER_WORD = /^[ai]$/u;

/**
 * Finds each place where a run may start (one scan of the text) and joins the runs it finds. `apart`:
 * a long run of Latin letters led by "a" or "i" keeps that letter apart ("a t e e n a g e r" reads
 * "a teenager", where the joined reading has "ateenager"). `led` tells whether the text has such a run.
 */
function joinSpaced(folded: string, apart = false): { joined: string | null; led: boolean } {
  const gaps = RUN_GAP();
  let out = '';
  let copied = 0;
  let led = false;
  gaps.lastIndex = 0;
  for (let found = gaps.exec(folded); found; found = gaps.exec(folded)) {
    const start = found.index - 1;
    const gap = found[0];
    // A gap right after a run already joined (its last letter is that run's).
    if (start < copied) continue;
    if (!single(folded, start) || !single(folded, start + 2)) continue;
    let end = start + 2;
    let count = 2;
    while (folded[end + 1] === gap && single(folded, end + 2)) {
      end += 2;
      count += 1;
    }
    // A run of Han, kana or Hangul may end with the first letter of a word ("高 中 女 生和老师", "고 딩 여자애랑").
    // Hangul writes a space between words: there only a run of two takes the next word's first letter ("고 딩 여자애랑", not "열 다 섯 살 소녀").
    const trailing =
      folded[end + 1] === gap &&
      CJK_LETTER.test(folded[end + 2] ?? '') &&
      CJK_LETTER.test(folded[end] ?? '') &&
      isLetter(folded[end + 3]) &&
      (count === 2 || !HANGUL.test(folded[end]!));
    if (trailing) {
      end += 2;
      count += 1;
    }
    const run = folded.slice(start, end + 1);
    // Letters: three or more; digits: two or more, set apart by spaces ("1.5" stays a decimal); two Latin
    // letters other than "a" and "i", set apart by a space ("j k").
    const pair = count === 2 && gap === ' ' && /^[b-hj-z] [b-hj-z]$/u.test(run);
    if (count < 3 && !pair && !(gap === ' ' && /^[0-9 ]+$/u.test(run))) {
      gaps.lastIndex = start + 2;
      continue;
    }
    const letters = run.split(gap);
    const article = gap === ' ' && count >= 4 && ONE_LETTER_WORD.test(letters[0]!) && /^[a-z]$/u.test(letters[1]!);
    if (article) led = true;
    out += folded.slice(copied, start) + (apart && article ? `${letters[0]} ${letters.slice(1).join('')}` : letters.join(''));
    copied = end + 1;
    gaps.lastIndex = copied;
  }
  return { joined: copied === 0 ? null : out + folded.slice(copied), led };
}

/** A word of Latin letters with digits or signs inside it: "fre$hman", "gr@der", "h1gh", "t33n". */
const LEET = /[a-z][0-9$@!|]+[a-z]/u;
const LEET_WORD = /[a-z0-9$@!|]*[a-z][0-9$@!|]+[a-z][a-z0-9$@!|]*/gu;
const LEET_LETTERS: Record<string, string> = { $: 's', '@': 'a', '!': 'i', '|': 'l', 0: 'o', 1: 'i', 3: 'e', 4: 'a', 5: 's', 7: 't', 8: 'b', 9: 'g' };
/** Signs and digits inside Latin words read as the letters they stand for ("fre$hman" → "freshman"); null when there are none. */
function unleet(text: string): string | null {
  if (!LEET.test(text)) return null;
  return text.replace(LEET_WORD, (word) => word.replace(/[0-9$@!|]/gu, (c) => LEET_LETTERS[c] ?? c));
}

/**
 * What the check reads: the folded text; its second reading, with spaced-out letters joined and signs
 * inside words read as letters (null when it has neither); and, when a spaced-out run is led by "a" or
 * "i", a third with that letter kept apart (null otherwise).
 */
export function readings(text: string): { text: string; joined: string | null; apart: string | null } {
  const folded = fold(text, true);
  const { joined, led } = joinSpaced(folded);
  const second = joined === null ? unleet(folded) : (unleet(joined) ?? joined);
  const apart = led ? joinSpaced(folded, true).joined : null;
  const third = apart === null ? null : (unleet(apart) ?? apart);
  return {
    text: folded.replace(SPACE, ' '),
    joined: second === null ? null : second.replace(SPACE, ' '),
    apart: third === null ? null : third.replace(SPACE, ' '),
  };
}
