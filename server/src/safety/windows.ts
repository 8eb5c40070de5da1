import { RegExpParser } from '@eslint-community/regexpp';
import type { Alternative, Element, Node } from '@eslint-community/regexpp/ast';
import { anchorSlot, type Held, neededUnits } from './literals';

/**
 * Scanning a long text only around the places a pattern can match (issue 28: the check of 200,000
 * characters under 10 ms). Many age patterns start with a number ("十五岁", "15살"); the regular-expression
 * engine tries such a pattern at every character of the text, while the characters it needs further on
 * (岁, 歳, 살) are rare. A pattern is read once, at start-up, into a plan:
 *
 * - an anchor: one part every match must have (a part that is neither optional nor a look-around), the
 *   one whose possible first characters are fewest; every match contains one of those characters;
 * - how far a match can reach before and after that part, and how much text its look-arounds, \b, ^ and $
 *   read around it, all bounded (a pattern with *, + or an open {n,} before or after is not planned).
 *
 * `scan` then finds the anchor characters (one scan for a small class of characters, fast on any text),
 * and runs the pattern only on the stretches of text around them, with enough text on both sides that
 * every look-around reads what it would read in the whole text. The matches, and the order in which
 * they are found and consume the text, are those of `text.matchAll(pattern)`: a match cannot start
 * outside those stretches. When the anchors are so many that the stretches would cover much of the
 * text, the whole text is scanned instead.
 */
export type Plan = {
  /** The anchor characters, a class read by UTF-16 code unit; null when the anchor is `words`. */
  anchor: RegExp | null;
  /** Or the words the anchor part starts with (each of three or more characters), looked for with indexOf. */
  words: string[];
  /** The anchor's characters, as a key for sharing the anchor scan between patterns. */
  key: string;
  /** Longest stretch from a match's start to its anchor character. */
  before: number;
  /** Longest match. */
  longest: number;
  /** Text a look-around, \b, ^ or $ may read around a match. */
  context: number;
  /**
   * Characters a match must hold besides its anchor, as bits of the table `guard` (one bit per set,
   * every set needed): a stretch whose text holds no character of one set has no match and is not run.
   */
  guard: Uint32Array;
  guards: number[];
  /** The anchor class's slot in `survey` (literals.ts), which finds its places in the read it makes anyway; -1 without. */
  slot: number;
};

/**
 * Tables of needed characters, one bit per set (32 sets a table, shared by the plans; a new table when
 * one is full). All the sets of one plan are in one table, read once per character of a stretch.
 */
const guardTables: { table: Uint32Array; bits: Map<string, number> }[] = [];

function guardsIn(sets: Set<number>[]): { guard: Uint32Array; guards: number[] } {
  const keys = sets.map((units) => [...units].sort((a, b) => a - b).join(','));
  let page = guardTables.find((t) => t.bits.size + keys.filter((key) => !t.bits.has(key)).length <= 32);
  if (!page) guardTables.push((page = { table: new Uint32Array(0x10000), bits: new Map() }));
  const guards = sets.map((units, i) => {
    let bit = page.bits.get(keys[i]!);
    if (bit === undefined) {
      bit = (1 << page.bits.size) >>> 0;
      page.bits.set(keys[i]!, bit);
      for (const unit of units) page.table[unit]! |= bit;
    }
    return bit;
  });
  return { guard: page.table, guards };
}

/** The guards of a plan: a few of the pattern's sets of needed characters, the smallest first (the anchor's own set adds nothing). */
function guardsOf(pattern: RegExp, anchorKey: string): { guard: Uint32Array; guards: number[] } {
  return guardsIn(
    neededUnits(pattern)
      .filter((units) => units.size <= MAX_ANCHOR && [...units].sort((a, b) => a - b).join(',') !== anchorKey)
      .slice(0, 3),
  );
}

const parser = new RegExpParser({ ecmaVersion: 2025 });
type Span = { min: number; max: number };

const spans = new WeakMap<Node, Span>();
/** The shortest and longest text (in UTF-16 code units) a node can match, remembered per node. */
function span(node: Node): Span {
  let known = spans.get(node);
  if (!known) {
    known = spanOf(node);
    spans.set(node, known);
  }
  return known;
}

function spanOf(node: Node): Span {
  switch (node.type) {
    case 'Character':
      return node.value > 0xffff ? { min: 2, max: 2 } : { min: 1, max: 1 };
    case 'CharacterSet':
      return node.kind === 'any' || node.kind === 'property' || node.negate ? { min: 1, max: 2 } : { min: 1, max: 1 };
    case 'CharacterClass': {
      if (node.negate || node.unicodeSets) return { min: 1, max: 2 };
      const wide = node.elements.some(
        (e) =>
          (e.type === 'Character' && e.value > 0xffff) ||
          (e.type === 'CharacterClassRange' && e.max.value > 0xffff) ||
          (e.type === 'CharacterSet' && (e.kind === 'property' || e.negate)),
      );
      return { min: 1, max: wide ? 2 : 1 };
    }
    case 'Alternative':
      return node.elements.reduce((s, e) => ({ min: s.min + span(e).min, max: s.max + span(e).max }), { min: 0, max: 0 });
    case 'Group':
    case 'CapturingGroup':
    case 'Pattern': {
      const spans = node.alternatives.map(span);
      return { min: Math.min(...spans.map((s) => s.min)), max: Math.max(...spans.map((s) => s.max)) };
    }
    case 'Quantifier': {
      const inner = span(node.element);
      const max = inner.max === 0 ? 0 : node.max === Number.POSITIVE_INFINITY ? Number.POSITIVE_INFINITY : node.max * inner.max;
      return { min: node.min * inner.min, max };
    }
    case 'Assertion':
      return { min: 0, max: 0 };
    default:
      return { min: 0, max: Number.POSITIVE_INFINITY };
  }
}

/** How much text the look-arounds and boundary assertions inside `node` may read beyond the stretch they stand in (an upper bound). */
function context(node: Node): number {
  switch (node.type) {
    case 'Assertion':
      if (node.kind === 'lookahead' || node.kind === 'lookbehind') {
        return 1 + node.alternatives.reduce((sum, alt) => Math.max(sum, span(alt).max + context(alt)), 0);
      }
      return 1;
    case 'Alternative':
      return node.elements.reduce((sum, e) => sum + context(e), 0);
    case 'Group':
    case 'CapturingGroup':
    case 'Pattern':
      return node.alternatives.reduce((sum, alt) => sum + context(alt), 0);
    case 'Quantifier':
      return context(node.element);
    case 'Backreference':
      return Number.POSITIVE_INFINITY;
    default:
      return 0;
  }
}

/** The characters a match of `node` can start with; null when they are not a short list (\w, \p{…}, a negated class, a long range). */
function first(node: Node): Set<number> | null {
  switch (node.type) {
    case 'Character':
      return new Set([node.value]);
    case 'CharacterSet':
      return node.kind === 'digit' && !node.negate ? new Set([48, 49, 50, 51, 52, 53, 54, 55, 56, 57]) : null;
    case 'CharacterClass': {
      if (node.negate || node.unicodeSets) return null;
      const out = new Set<number>();
      for (const e of node.elements) {
        if (e.type === 'Character') out.add(e.value);
        else if (e.type === 'CharacterClassRange' && e.max.value - e.min.value <= 256) {
          for (let cp = e.min.value; cp <= e.max.value; cp++) out.add(cp);
        } else if (e.type === 'CharacterSet' && e.kind === 'digit' && !e.negate) for (let cp = 48; cp <= 57; cp++) out.add(cp);
        else return null;
      }
      return out;
    }
    case 'Alternative': {
      const out = new Set<number>();
      for (const e of node.elements) {
        if (e.type === 'Assertion') continue;
        const set = first(e.type === 'Quantifier' ? e.element : e);
        if (!set) return null;
        for (const cp of set) out.add(cp);
        if (span(e).min > 0) return out;
      }
      return null; // the alternative can match nothing: its first character belongs to what follows
    }
    case 'Group':
    case 'CapturingGroup': {
      const out = new Set<number>();
      for (const alt of node.alternatives) {
        const set = first(alt);
        if (!set) return null;
        for (const cp of set) out.add(cp);
      }
      return out;
    }
    case 'Quantifier':
      return first(node.element);
    default:
      return null;
  }
}

const hex = (cp: number) => `\\u${cp.toString(16).padStart(4, '0')}`;
/** Characters too common to anchor on (any Latin letter, a space). */
const COMMON = /[a-zA-Z\s]/u;
/** The most anchor characters a plan takes. */
const MAX_ANCHOR = 64;

/** The plan for a pattern (flags `gu`), or null when it is scanned whole. */
export function planOf(pattern: RegExp): Plan | null {
  const ast = parser.parsePattern(pattern.source, 0, pattern.source.length, { unicode: pattern.unicode });
  if (ast.alternatives.length !== 1) return null;
  const elements: Element[] = ast.alternatives[0]!.elements;
  const whole = span(ast.alternatives[0] as Alternative);
  const reach = context(ast);
  if (!Number.isFinite(whole.max) || !Number.isFinite(reach)) return null;
  type Choice = { index: number; score: number; set: Set<number> | null; words: string[] };
  let best: Choice | null = null;
  const consider = (choice: Choice) => {
    if (!best || choice.score <= best.score) best = choice;
  };
  elements.forEach((e, index) => {
    if (e.type === 'Assertion' || span(e).min === 0) return;
    // Words: a run of three or more letters ("of age"), or a group whose every branch starts with one (younger|under|below).
    const words =
      e.type === 'Character' ? literalRun(elements, index) : e.type === 'Group' || e.type === 'CapturingGroup' ? groupWords(e) : null;
    if (words && (e.type !== 'Character' || index === 0 || elements[index - 1]!.type !== 'Character')) {
      consider({ index, score: words.length / 8, set: null, words });
    }
    const set = first(e);
    if (!set || set.size > MAX_ANCHOR) return;
    if ([...set].some((cp) => cp > 0xffff || (cp >= 0xd800 && cp <= 0xdfff) || COMMON.test(String.fromCodePoint(cp)))) return;
    consider({ index, score: set.size, set, words: [] });
  });
  const chosen = best as Choice | null;
  if (!chosen) return null;
  // A pattern that starts with one of a few characters gains nothing: the engine already looks for them.
  const starts = first(ast.alternatives[0]!);
  if (starts && starts.size <= 8) return null;
  const firstPart = elements.findIndex((e) => e.type !== 'Assertion');
  if (chosen.index === firstPart) return null;
  const before = elements.slice(0, chosen.index).reduce((sum, e) => sum + span(e).max, 0);
  if (!chosen.set) {
    const key = JSON.stringify(chosen.words);
    return { anchor: null, words: chosen.words, key, before, longest: whole.max, context: reach, ...guardsOf(pattern, key), slot: -1 };
  }
  const codes = [...chosen.set].sort((a, b) => a - b);
  const key = codes.join(',');
  const anchor = new RegExp(`[${codes.map(hex).join('')}]`, 'g');
  const slot = anchorSlot(codes);
  return { anchor, words: [], key, before, longest: whole.max, context: reach, ...guardsOf(pattern, key), slot };
}

/** The shortest run of plain characters a word anchor takes. */
const MIN_WORD = 3;

/** The run of plain characters starting at `index` (the words of a word anchor: one), or null when shorter than MIN_WORD. */
function literalRun(elements: Element[], index: number): string[] | null {
  let word = '';
  for (let i = index; i < elements.length; i++) {
    const e = elements[i]!;
    if (e.type !== 'Character') break;
    word += String.fromCodePoint(e.value);
  }
  return word.length >= MIN_WORD ? [word] : null;
}

/** The plain characters each branch of a group starts with, or null when a branch starts with fewer than MIN_WORD. */
function groupWords(group: Node & { alternatives: Alternative[] }): string[] | null {
  const words: string[] = [];
  for (const alt of group.alternatives) {
    let word = '';
    for (const e of alt.elements) {
      if (e.type !== 'Character') break;
      word += String.fromCodePoint(e.value);
    }
    if (word.length < MIN_WORD) return null;
    words.push(word);
  }
  return words;
}

/** Anchor positions found in one text, shared by the patterns with the same anchor; null: too many to be worth it. */
export type AnchorCache = Map<string, number[] | null>;

function anchors(text: string, plan: Plan, cache: AnchorCache, held: Held | undefined): number[] | null {
  // More anchors than this and the stretches around them would cover most of a text; with guards most
  // stretches are ruled out by reading their characters, without running the pattern.
  const most = plan.guards.length > 0 ? text.length : Math.max(16, text.length / (plan.before + plan.longest + 2));
  const surveyed = plan.slot >= 0 ? held?.anchors(plan.slot) : undefined;
  if (surveyed) return surveyed.length > most ? null : surveyed;
  let found = cache.get(plan.key);
  if (found !== undefined) return found;
  found = [];
  if (plan.anchor) {
    plan.anchor.lastIndex = 0;
    for (let m = plan.anchor.exec(text); m; m = plan.anchor.exec(text)) {
      found.push(m.index);
      if (found.length > most) {
        found = null;
        break;
      }
    }
  } else {
    // Every place each word starts (overlapping ones too), in order.
    for (const word of plan.words) {
      for (let at = text.indexOf(word); at >= 0 && found.length <= most; at = text.indexOf(word, at + 1)) found.push(at);
    }
    if (found.length > most) found = null;
    else found.sort((a, b) => a - b);
  }
  cache.set(plan.key, found);
  return found;
}

/**
 * The matches of `pattern` (flags g) in `text`, as `text.matchAll(pattern)` finds them, read only where they can be.
 * `held`: the survey of this very text (literals.ts), with the places of the anchor classes registered before it.
 */
export function* scan(text: string, pattern: RegExp, plan: Plan | null, cache: AnchorCache, held?: Held): Generator<RegExpExecArray> {
  const positions = plan ? anchors(text, plan, cache, held) : null;
  if (!plan || !positions) {
    yield* text.matchAll(pattern);
    return;
  }
  const re = new RegExp(pattern.source, pattern.flags);
  let consumed = 0;
  let i = 0;
  // Stretches run before the rest of the text is scanned whole instead (when few are ruled out by their
  // guards, a run per stretch costs more than one scan): from the end of the last match on, the whole
  // scan finds what the stretches would, as no match starts between them.
  let budget = Math.max(16, text.length / 24);
  while (i < positions.length) {
    // The starts a match around these anchors can have: [from, to].
    const from = positions[i]! - plan.before;
    let to = positions[i]!;
    i += 1;
    while (i < positions.length && positions[i]! - plan.before <= to + 1) {
      to = positions[i]!;
      i += 1;
    }
    const start = Math.max(from, consumed, 0);
    if (start > to) continue;
    if (plan.guards.length > 0) {
      // A match lies in [start, to + longest): without a character of each guard there, there is none.
      let present = 0;
      const end = Math.min(text.length, to + plan.longest);
      const guard = plan.guard;
      for (let k = start; k < end; k++) present |= guard[text.charCodeAt(k)]!;
      if (plan.guards.some((bit) => (present & bit) === 0)) continue;
    }
    if (--budget < 0) {
      re.lastIndex = consumed;
      for (let m = re.exec(text); m; m = re.exec(text)) {
        yield m;
        if (m[0].length === 0) re.lastIndex += 1;
      }
      return;
    }
    // Two characters more on each side: a surrogate pair cut at the edge is never read.
    const offset = Math.max(0, start - plan.context - 2);
    const piece = text.slice(offset, to + plan.longest + plan.context + 2);
    re.lastIndex = start - offset;
    for (let m = re.exec(piece); m; m = re.exec(piece)) {
      const index = m.index + offset;
      if (index > to) break;
      m.index = index;
      consumed = index + m[0].length;
      yield m;
      if (m[0].length === 0) re.lastIndex += 1;
      // A match from here would start after `to`: the loop would stop at it.
      if (re.lastIndex + offset > to) break;
    }
  }
}
