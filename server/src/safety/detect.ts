import type { Language } from '@butterfic/contract';
import { de } from './lexicon/de';
import { en } from './lexicon/en';
import { ja } from './lexicon/ja';
import { ko } from './lexicon/ko';
import { es, fr, pt } from './lexicon/romance';
import { ru } from './lexicon/ru';
import type { AgeFrame, Lexicon } from './lexicon/types';
import { zhCN } from './lexicon/zh-CN';
import { zhTW } from './lexicon/zh-TW';
import { foldPattern, normalizeKeepingCase, readings, romanValue } from './normalize';
import { classesOf, type Gate, gateOf, opens } from './gates';
import { type Held, meets, type Needs, needsOf, survey } from './literals';
import { type AnchorCache, type Plan, planOf, scan } from './windows';

export type Rating = 'general' | 'adult';
/** Why a text was refused: a minor in it (in any story meant to be sexual), or sexual content in a general story. */
export type RefusalReason = 'minor' | 'sexual';
/**
 * `pending` (partial checks only): a possible match touches the end of the text, to be decided by what
 * follows; the caller shows none of the new text until a later check (or the final one) decides it.
 */
export type Verdict = { allowed: true; pending?: boolean } | { allowed: false; reason: RefusalReason; match: string };

export type CheckOptions = {
  /** The story's language (own-language words: 高校生 in Japanese, JK in Chinese and Japanese). */
  language: Language;
  rating: Rating;
  /**
   * Only what starts or ends at or after this index of `text` is new: a match lying wholly before it
   * was judged before (the model's output is checked piece by piece, with the text before it as context).
   */
  newFrom?: number;
  /** More text follows (a stream): a match touching the end is left for the next check, which sees what follows it. */
  partial?: boolean;
};

/** Characters at the end of a partial text whose matches wait for the next piece ("a minor" + " detail"). */
export const PARTIAL_HOLD = 24;
/** How far around a match its exceptions are looked for. */
const EXCEPTION_REACH = 80;

/**
 * `key` names what a scan depends on: two lexicons' scans with the same key find the same matches and
 * judge them alike, so a check reads the text once for both (zh-CN and zh-TW share their age grammar).
 */
type Frame = {
  re: RegExp;
  plan: () => Plan | null;
  needs: () => Needs;
  kind: AgeFrame['kind'];
  named: boolean;
  notAfter: RegExp | null;
  key: string;
};
type Pattern = { re: RegExp; plan: () => Plan | null; needs: () => Needs; key: string };
type Compiled = {
  lexicon: Lexicon;
  gate: Gate;
  /** The gate as one expression (`checkByWholeScans`). */
  gateExpression: RegExp;
  threshold: number;
  numbers: [string, number | 'ten'][];
  ages: Frame[];
  minor: Pattern[];
  minorOwn: Pattern[];
  sexual: Pattern[];
  allow: RegExp[];
  /** Exceptions that stand only in a sentence with nothing sexual or intimate in it (Lexicon.weak). */
  weak: RegExp[];
  /** The sexual and intimate words, each tested on one sentence (`intimateIn`). */
  intimate: RegExp[];
  /** Child words that count only in a sentence with something sexual or intimate in it (Lexicon.near). */
  near: Pattern[];
  people: Set<string>;
  /** Numbers read before (`readNumber` of a token): a long text states the same ages again and again. */
  values: Map<string, number>;
};

const re = (source: string) => new RegExp(foldPattern(source), 'gu');

/**
 * A pattern's window plan (windows.ts), worked out the first time the pattern is run: a process
 * that never checks a text (the operator CLI, a test's helper process) does not pay for the analysis.
 */
function lazyPlan(compiled: RegExp): () => Plan | null {
  let plan: Plan | null | undefined;
  return () => (plan === undefined ? (plan = planOf(compiled)) : plan);
}

/** A pattern's needs (literals.ts), likewise worked out the first time the pattern is run. */
function lazyNeeds(compiled: RegExp): () => Needs {
  let needs: Needs | undefined;
  return () => (needs ??= needsOf(compiled));
}

const LEXICONS: Compiled[] = [en, fr, es, pt, de, ru, zhCN, zhTW, ja, ko].map((lexicon) => {
  const threshold = lexicon.threshold ?? 18;
  // Longest first, so 열다섯 is read before 열 and 다섯.
  const numbers = Object.entries(lexicon.numbers)
    .map(([word, value]) => [foldPattern(word), value] as [string, number | 'ten'])
    .sort((a, b) => b[0].length - a[0].length);
  const script = lexicon.script;
  // What judging a match depends on besides its pattern (see `counts`, `readNumber`, `isName`, `ownLanguageApplies`).
  const reading = JSON.stringify([numbers, lexicon.roman ?? false, threshold, script]);
  const people = JSON.stringify([...(lexicon.people ?? [])].sort());
  const own = lexicon.language.startsWith('zh') ? 'zh' : lexicon.language;
  const pattern = (kind: string, extra: string) => (source: string) => {
    const compiled = re(source);
    return { re: compiled, plan: lazyPlan(compiled), needs: lazyNeeds(compiled), key: JSON.stringify([kind, source, script, extra]) };
  };
  return {
    lexicon,
    gate: gateOf(foldPattern(lexicon.gate)),
    gateExpression: new RegExp(foldPattern(lexicon.gate), 'u'),
    threshold,
    numbers,
    ages: lexicon.ages.map((frame) => ({
      re: re(frame.pattern),
      plan: lazyPlan(re(frame.pattern)),
      needs: lazyNeeds(re(frame.pattern)),
      kind: frame.kind,
      named: frame.named ?? false,
      notAfter: frame.notAfter ? new RegExp(`(?:${foldPattern(frame.notAfter)})$`, 'u') : null,
      key: JSON.stringify([
        'age',
        frame.pattern,
        frame.kind,
        frame.named ?? false,
        frame.notAfter ?? null,
        reading,
        frame.named ? people : null,
      ]),
    })),
    minor: lexicon.minor.map(pattern('minor', '')),
    minorOwn: (lexicon.minorOwnLanguage ?? []).map(pattern('own', own)),
    sexual: lexicon.sexual.map(pattern('sexual', '')),
    allow: lexicon.allow.map(re),
    weak: (lexicon.weak ?? []).map(re),
    intimate: [...lexicon.sexual, ...(lexicon.intimate ?? [])].map((source) => new RegExp(foldPattern(source), 'u')),
    near: (lexicon.near ?? []).map(pattern('near', '')),
    people: new Set(lexicon.people ?? []),
    values: new Map(),
  };
});

/** The value of a number written in digits, Roman numerals or the words of one language ("fifteen", "二十五", "열다섯", "十几"); NaN when unreadable. */
export function readNumber(token: string, lexicon: { numbers: [string, number | 'ten'][]; roman?: boolean | undefined }): number {
  const compact = token.replace(/[\s-]+/gu, '').replace(/(?<=\d)(?:st|nd|rd|th)$/u, '');
  if (/^\d+$/u.test(compact)) return Number(compact);
  // A digit beside a letter that looks like one (1S, I4, l6, 1ƽ): the letter read as the digit.
  if (/^[\dilosƽ]{2}$/u.test(compact) && /\d/u.test(compact)) return Number(compact.replace(/[il]/gu, '1').replace(/o/gu, '0').replace(/[sƽ]/gu, '5'));
  if (lexicon.roman && /^[ivxlc]+$/u.test(compact)) return romanValue(compact);
  let total = 0;
  let pending = 0;
  let rest = compact;
  while (rest) {
    const hit = lexicon.numbers.find(([word]) => rest.startsWith(word));
    if (!hit) return Number.NaN;
    const [word, value] = hit;
    if (value === 'ten') {
      total += (pending || 1) * 10;
      pending = 0;
    } else pending += value;
    rest = rest.slice(word.length);
  }
  return total + pending;
}

/** The most numbers a lexicon remembers (the tokens of ages are short; a text cannot grow the memory without end). */
const VALUES_KEPT = 4096;

/** `readNumber` of a token, remembered per lexicon. */
function valueOf(token: string, lexicon: Compiled): number {
  let value = lexicon.values.get(token);
  if (value === undefined) {
    value = readNumber(token, { numbers: lexicon.numbers, roman: lexicon.lexicon.roman });
    if (lexicon.values.size >= VALUES_KEPT) lexicon.values.clear();
    lexicon.values.set(token, value);
  }
  return value;
}

/** Words a capital letter does not make a name: "It is 12", "This is 15". */
const NOT_NAMES = new Set([
  'it',
  'this',
  'that',
  'there',
  'here',
  'what',
  'which',
  'where',
  'when',
  'how',
  'why',
  'today',
  'tomorrow',
  'tonight',
  'now',
  'then',
  'all',
  'chapter',
  'page',
  'room',
  'part',
  'book',
  'act',
  'scene',
  'season',
  'episode',
  'volume',
  'number',
  'level',
  'score',
  'total',
  'price',
  'the',
  'one',
  'each',
  'everyone',
  'nobody',
  'none',
  'time',
  'year',
  'day',
  'we',
  'they',
  'us',
  'them',
  'so',
  'and',
  'but',
  'or',
  'if',
]);

const KANA = /[\u3040-\u30ff]/u;
/** Kana as a gate (one class, looked up with the lexicons' gates in one pass over the text). */
const KANA_GATE = gateOf('[\\u3040-\\u30ff]');
const SENTENCE_END = /[。！？!?.]/u;
/** What ends the sentence a `weak` exception or a `near` word is judged in. */
const CLAUSE_END = /[。！？!?.;；]/u;
/** The most a sentence is read either side of a match. */
const SENTENCE_REACH = 200;

/** One reading of the text being checked, with what the judges of a match need. */
type Reading = {
  text: string;
  /** Matches ending at or before this index were judged before (see CheckOptions.newFrom). */
  from: number;
  /** Matches ending after this index wait for the next piece (see CheckOptions.partial). */
  until: number;
  /** Set when a match was left for the next piece. */
  pending: boolean;
  hasKana: boolean;
  cased: () => string;
  language: Language;
  /** The gates' classes the text holds (gates.ts). */
  found: number;
  /** Anchor positions found in this reading (windows.ts), shared by the patterns scanned in it. */
  anchors: AnchorCache;
  /** Which of the patterns' needed strings the reading holds (literals.ts), shared likewise. */
  held: Held;
  /** Every pattern run over the whole text, no pattern left out (`checkByWholeScans`). */
  whole: boolean;
};

/** The matches of a pattern in a reading: none when the reading lacks a string the pattern needs, else those `scan` finds around its anchors. */
function matchesOf(reading: Reading, pattern: { re: RegExp; plan: () => Plan | null; needs: () => Needs }): Iterable<RegExpExecArray> {
  if (reading.whole) return reading.text.matchAll(pattern.re);
  if (!meets(pattern.needs(), reading.held)) return [];
  return scan(reading.text, pattern.re, pattern.plan(), reading.anchors, reading.held);
}

function sentenceHasKana(reading: Reading, start: number, end: number): boolean {
  if (!reading.hasKana) return false;
  const text = reading.text;
  let from = start;
  while (from > 0 && start - from < 200 && !SENTENCE_END.test(text[from - 1]!)) from -= 1;
  let to = end;
  while (to < text.length && to - end < 200 && !SENTENCE_END.test(text[to]!)) to += 1;
  return KANA.test(text.slice(from, to));
}

/** The sentence holding [start, end): where it starts and ends, and whether it runs to the end of the text (more may follow in a stream). */
function sentenceAround(text: string, start: number, end: number): { from: number; to: number; open: boolean } {
  let from = start;
  while (from > 0 && start - from < SENTENCE_REACH && !CLAUSE_END.test(text[from - 1]!)) from -= 1;
  let to = end;
  while (to < text.length && to - end < SENTENCE_REACH && !CLAUSE_END.test(text[to]!)) to += 1;
  return { from, to, open: to >= text.length };
}

/** Whether the sentence holds a sexual or intimate word of a lexicon read here. */
function intimateIn(reading: Reading, lexicons: Compiled[], sentence: { from: number; to: number }): boolean {
  const text = reading.text.slice(sentence.from, sentence.to);
  return lexicons.some((lexicon) => lexicon.intimate.some((pattern) => pattern.test(text)));
}

/** Whether one of the exceptions covers [start, end) whole, looked for around it. */
function covers(reading: Reading, patterns: RegExp[], start: number, end: number): boolean {
  const offset = Math.max(0, start - EXCEPTION_REACH);
  const window = reading.text.slice(offset, end + EXCEPTION_REACH);
  const from = start - offset;
  const to = end - offset;
  for (const pattern of patterns) {
    for (const m of window.matchAll(pattern)) {
      if (m.index > from) break;
      if (m.index + m[0].length >= to) return true;
    }
  }
  return false;
}

/**
 * Whether an exception of any lexicon read here covers the match whole (an exception never hides a
 * different match): `true`; a weak one only in a sentence with nothing sexual in it, and `open` when that
 * sentence runs on past the end of a partial text (what follows may bring sex into it: decided later).
 */
function excepted(reading: Reading, lexicons: Compiled[], start: number, end: number): boolean | 'open' {
  if (lexicons.some((lexicon) => covers(reading, lexicon.allow, start, end))) return true;
  if (!lexicons.some((lexicon) => lexicon.weak.length > 0 && covers(reading, lexicon.weak, start, end))) return false;
  const sentence = sentenceAround(reading.text, start, end);
  if (intimateIn(reading, lexicons, sentence)) return false;
  return sentence.open && reading.until < reading.text.length ? 'open' : true;
}

function isName(name: string, lexicon: Compiled, reading: Reading): boolean {
  if (lexicon.people.has(name)) return true;
  if (NOT_NAMES.has(name) || name.length < 2) return false;
  const capitalised = name[0]!.toUpperCase() + name.slice(1);
  const escaped = capitalised.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
  return new RegExp(`(?<!\\p{L})${escaped}(?!\\p{L})`, 'u').test(reading.cased());
}

/** Whether a match of `lexicon` at [start, end) counts here: new, in its script's sentences, not an exception. */
function counts(reading: Reading, lexicon: Compiled, read: Compiled[], start: number, end: number): boolean {
  if (end <= reading.from) return false;
  if (lexicon.lexicon.script === 'han' && sentenceHasKana(reading, start, end)) return false;
  const exception = excepted(reading, read, start, end);
  if (exception === 'open') reading.pending = true;
  if (exception) return false;
  if (end <= reading.until) return true;
  reading.pending = true;
  return false;
}

function ownLanguageApplies(reading: Reading, lexicon: Compiled, start: number, end: number): boolean {
  const language = lexicon.lexicon.language;
  if (language === reading.language) return true;
  if (language.startsWith('zh') && reading.language.startsWith('zh')) return true;
  return lexicon.lexicon.script === 'japanese' && sentenceHasKana(reading, start, end);
}

function findMinor(reading: Reading, read: Compiled[]): string | null {
  // A scan with the key of one already made found nothing that counts: it would find nothing again.
  const scanned = new Set<string>();
  const first = (key: string) => !scanned.has(key) && Boolean(scanned.add(key));
  for (const lexicon of read) {
    for (const frame of lexicon.ages) {
      if (!first(frame.key)) continue;
      for (const m of matchesOf(reading, frame)) {
        const n = m.groups?.n;
        if (n === undefined) continue;
        const age = valueOf(n, lexicon);
        if (!Number.isFinite(age)) continue;
        if (frame.kind === 'age' ? age >= lexicon.threshold : age > lexicon.threshold) continue;
        if (frame.named && !isName(m.groups?.name ?? '', lexicon, reading)) continue;
        if (frame.notAfter?.test(reading.text.slice(Math.max(0, m.index - 60), m.index))) continue;
        if (counts(reading, lexicon, read, m.index, m.index + m[0].length)) return m[0];
      }
    }
    for (const pattern of lexicon.minor) {
      if (!first(pattern.key)) continue;
      for (const m of matchesOf(reading, pattern)) {
        if (counts(reading, lexicon, read, m.index, m.index + m[0].length)) return m[0];
      }
    }
    for (const pattern of lexicon.minorOwn) {
      if (!first(pattern.key)) continue;
      for (const m of matchesOf(reading, pattern)) {
        const end = m.index + m[0].length;
        if (ownLanguageApplies(reading, lexicon, m.index, end) && counts(reading, lexicon, read, m.index, end)) return m[0];
      }
    }
    for (const pattern of lexicon.near) {
      if (!first(pattern.key)) continue;
      for (const m of matchesOf(reading, pattern)) {
        const end = m.index + m[0].length;
        if (end <= reading.from) continue;
        const sentence = sentenceAround(reading.text, m.index, end);
        if (!intimateIn(reading, read, sentence)) {
          // Nothing sexual in the sentence yet; in a stream the rest of it may bring some.
          if (sentence.open && reading.until < reading.text.length) reading.pending = true;
          continue;
        }
        if (counts(reading, lexicon, read, m.index, end)) return m[0];
      }
    }
  }
  return null;
}

function findSexual(reading: Reading, read: Compiled[]): string | null {
  const scanned = new Set<string>();
  for (const lexicon of read) {
    for (const pattern of lexicon.sexual) {
      if (scanned.has(pattern.key)) continue;
      scanned.add(pattern.key);
      for (const m of matchesOf(reading, pattern)) {
        if (counts(reading, lexicon, read, m.index, m.index + m[0].length)) return m[0];
      }
    }
  }
  return null;
}

/** Where an index of the raw text falls in a reading of it (folding changes lengths; a little early is safe). */
type Readings = ReturnType<typeof readings>;
function boundary(raw: string, index: number | undefined, pick: (r: Readings) => string | null): number {
  if (!index || index <= 0) return 0;
  const prefix = readings(raw.slice(0, index));
  return Math.max(0, (pick(prefix) ?? prefix.text).length - 2);
}

function readingsOf(text: string, options: CheckOptions, whole: boolean): Reading[] {
  const { text: folded, joined, apart } = readings(text);
  let cased: string | null = null;
  const casedText = () => (cased ??= normalizeKeepingCase(text));
  const make = (view: string, pick: (r: Readings) => string | null): Reading => {
    // One read of the reading for its characters and the strings the patterns need (literals.ts).
    const held = survey(view);
    const found = classesOf(held.units);
    return {
      text: view,
      from: boundary(text, options.newFrom, pick),
      until: options.partial ? Math.max(0, view.length - PARTIAL_HOLD) : Number.POSITIVE_INFINITY,
      pending: false,
      hasKana: whole ? KANA.test(view) : opens(KANA_GATE, view, found, held),
      cased: casedText,
      language: options.language,
      found,
      anchors: new Map(),
      held,
      whole,
    };
  };
  const out = [make(folded, (r) => r.text)];
  if (joined !== null) out.push(make(joined, (r) => r.joined));
  if (apart !== null) out.push(make(apart, (r) => r.apart));
  return out;
}

/**
 * The local safety check. In an adult story any minor is refused (a stated age under 18, under 19 in
 * Korean text; a school level; a word for a child); in a general story sexual content is refused, and
 * sexual content with a minor is refused as `minor`.
 */
export function check(text: string, options: CheckOptions): Verdict {
  return checkReadings(readingsOf(text, options, false), options);
}

/**
 * The same check without its shortcuts: every gate tested as an expression, every pattern run over
 * the whole text (no needed strings, no anchors). The reference the tests hold `check` to; slow on long texts.
 */
export function checkByWholeScans(text: string, options: CheckOptions): Verdict {
  return checkReadings(readingsOf(text, options, true), options);
}

function checkReadings(views: Reading[], options: CheckOptions): Verdict {
  for (const reading of views) {
    const read = LEXICONS.filter((lexicon) =>
      reading.whole ? lexicon.gateExpression.test(reading.text) : opens(lexicon.gate, reading.text, reading.found, reading.held),
    );
    if (options.rating === 'adult') {
      const minor = findMinor(reading, read);
      if (minor) return { allowed: false, reason: 'minor', match: minor.trim() };
      continue;
    }
    const sexual = findSexual(reading, read);
    if (!sexual) continue;
    const minor = findMinor(reading, read);
    return minor ? { allowed: false, reason: 'minor', match: minor.trim() } : { allowed: false, reason: 'sexual', match: sexual.trim() };
  }
  return views.some((reading) => reading.pending) ? { allowed: true, pending: true } : { allowed: true };
}
