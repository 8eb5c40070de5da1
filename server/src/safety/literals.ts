import { RegExpParser } from '@eslint-community/regexpp';
import type { Element, Node } from '@eslint-community/regexpp/ast';

/**
 * Patterns that need not be run at all (issue 28: the check of 200,000 characters under 10 ms). Each
 * pattern is read once into a few *needs*: sets of plain strings such that every match holds one string
 * of each set ("old" or "young" for "15 years old"; 以下, 以内, 以內 or 之下 for "18岁以下"). A text that
 * holds no string of one of a pattern's needs has no match of it, so the pattern is not run; looking a
 * string up (`indexOf`) reads a long text many times faster than the pattern would. A text that holds
 * one is scanned as before: the matches are always those of the pattern itself.
 *
 * The texts read are the check's readings (normalize.ts), where every run of white space is one plain
 * space: `\s` is read as a space here. Look-arounds and \b are left out (they read text outside the
 * match, which is no need of the match).
 */
export type Needs = string[][];

const parser = new RegExpParser({ ecmaVersion: 2025 });
/** The most strings a set of possible matches may hold while needs are worked out. */
const MOST = 48;
/** The most strings a need may hold (all are looked for in the one read of `survey`; a need of more strings rules out less). */
const MOST_NEEDED = 24;
/** The most needs a pattern keeps. */
const KEEP = 3;

const exacts = new WeakMap<Node, Set<string> | null>();
/** Every string `node` can match (a superset), or null when they are many or unbounded (remembered per node). */
function exact(node: Node): Set<string> | null {
  let known = exacts.get(node);
  if (known === undefined) exacts.set(node, (known = exactOf(node)));
  return known;
}

function exactOf(node: Node): Set<string> | null {
  switch (node.type) {
    case 'Character':
      return new Set([String.fromCodePoint(node.value)]);
    case 'CharacterSet':
      if (node.kind === 'digit' && !node.negate) return new Set('0123456789');
      if (node.kind === 'space' && !node.negate) return new Set([' ']);
      return null;
    case 'CharacterClass': {
      if (node.negate || node.unicodeSets) return null;
      const out = new Set<string>();
      for (const e of node.elements) {
        if (e.type === 'Character') out.add(String.fromCodePoint(e.value));
        else if (e.type === 'CharacterClassRange' && e.max.value - e.min.value < MOST) {
          for (let cp = e.min.value; cp <= e.max.value; cp++) out.add(String.fromCodePoint(cp));
        } else if (e.type === 'CharacterSet' && !e.negate && e.kind === 'digit') for (const d of '0123456789') out.add(d);
        else if (e.type === 'CharacterSet' && !e.negate && e.kind === 'space') out.add(' ');
        else return null;
        if (out.size > MOST) return null;
      }
      return out;
    }
    case 'Assertion':
      return new Set(['']);
    case 'Alternative':
      return product(node.elements.map(exact));
    case 'Group':
    case 'CapturingGroup':
    case 'Pattern': {
      const out = new Set<string>();
      for (const alt of node.alternatives) {
        const set = exact(alt);
        if (!set) return null;
        for (const s of set) out.add(s);
        if (out.size > MOST) return null;
      }
      return out;
    }
    case 'Quantifier': {
      if (node.max > 4) return null;
      const inner = exact(node.element);
      if (!inner) return null;
      const out = new Set<string>();
      let power = new Set(['']);
      for (let k = 0; k <= node.max; k++) {
        if (k >= node.min) for (const s of power) out.add(s);
        if (out.size > MOST) return null;
        if (k < node.max) {
          const next = product([power, inner]);
          if (!next) return null;
          power = next;
        }
      }
      return out;
    }
    default:
      return null;
  }
}

/** The strings made of one string of each set in turn; null when one is null or they are too many. */
function product(sets: (Set<string> | null)[]): Set<string> | null {
  let out = new Set(['']);
  for (const set of sets) {
    if (!set) return null;
    if (out.size * set.size > MOST * 4) return null;
    const next = new Set<string>();
    for (const a of out) for (const b of set) next.add(a + b);
    if (next.size > MOST) return null;
    out = next;
  }
  return out;
}

/** A set as a need: the strings, with any that holds a shorter one of the set left out; null when one is empty. */
function needOfSet(set: Set<string>): string[] | null {
  if (set.has('')) return null;
  const strings = [...set].sort((a, b) => a.length - b.length);
  const kept: string[] = [];
  for (const s of strings) if (!kept.some((k) => s.includes(k))) kept.push(s);
  return kept;
}

/**
 * How often a need is expected to be met, so rule nothing out (lower is better): a short string led
 * by a common letter or a space (" of") is in most texts, a long one or one led by a rare character
 * seldom; every string of a need adds to it.
 */
function cost(need: string[]): number {
  let sum = 0;
  for (const s of need) {
    const ascii = /^[\x20-\x7e]+$/u.test(s);
    const common = /^[a-z ]/u.test(s);
    if (s.length === 1) sum += common ? 100 : ascii ? 10 : 3;
    else if (ascii) sum += (common ? 12 : 6) / s.length;
    else sum += 2 / s.length;
  }
  return sum;
}

const needsKnown = new Map<number, WeakMap<Node, string[][]>>();
/** The needs every match of `node` meets (each a set of strings, one of which the match holds), remembered per node. */
function needs(node: Node, most = MOST_NEEDED): string[][] {
  let byNode = needsKnown.get(most);
  if (!byNode) needsKnown.set(most, (byNode = new WeakMap()));
  let known = byNode.get(node);
  if (!known) byNode.set(node, (known = needsOfNode(node, most)));
  return known;
}

function needsOfNode(node: Node, most: number): string[][] {
  const out: string[][] = [];
  const add = (need: string[] | null) => {
    if (need && need.length > 0 && need.length <= most) out.push(need);
  };
  switch (node.type) {
    case 'Alternative': {
      const elements: Element[] = node.elements;
      // Runs of elements whose strings are few: every match holds one string of the run. From each
      // element, the element alone and the longest run (the most telling; those between add little).
      for (let i = 0; i < elements.length; i++) {
        let run: Set<string> | null = exact(elements[i]!);
        if (!run) continue;
        add(needOfSet(run));
        let longest: Set<string> | null = null;
        for (let j = i + 1; j < elements.length; j++) {
          const next = product([run, exact(elements[j]!)]);
          if (!next) break;
          run = next;
          longest = run;
        }
        if (longest) add(needOfSet(longest));
      }
      for (const e of elements)
        if (e.type === 'Group' || e.type === 'CapturingGroup' || e.type === 'Quantifier') out.push(...needs(e, most));
      break;
    }
    case 'Group':
    case 'CapturingGroup':
    case 'Pattern': {
      if (node.alternatives.length === 1) return needs(node.alternatives[0]!, most);
      // Each branch's best need, joined: a match holds one of them.
      const union = new Set<string>();
      for (const alt of node.alternatives) {
        const best = bestOf(needs(alt, most));
        if (!best) return [];
        for (const s of best) union.add(s);
      }
      add(needOfSet(union));
      break;
    }
    case 'Quantifier':
      if (node.min >= 1) out.push(...needs(node.element, most));
      break;
    default: {
      const set = exact(node);
      if (set) add(needOfSet(set));
    }
  }
  return out;
}

function bestOf(list: string[][]): string[] | null {
  let best: string[] | null = null;
  let least = Number.POSITIVE_INFINITY;
  for (const need of list) {
    const c = cost(need);
    if (c < least) [best, least] = [need, c];
  }
  return best;
}

/** The needs of a pattern (flags `u`), cheapest first; none when nothing is known. */
export function needsOf(pattern: RegExp): Needs {
  if (pattern.ignoreCase) return [];
  const ast = parser.parsePattern(pattern.source, 0, pattern.source.length, { unicode: pattern.unicode });
  const kept: Needs = [];
  const costed = needs(ast.alternatives.length === 1 ? ast.alternatives[0]! : ast).map((need) => ({ need, cost: cost(need) }));
  for (const { need, cost: c } of costed.sort((a, b) => a.cost - b.cost)) {
    if (c >= 60 || kept.length >= KEEP) break;
    // A need that a kept one implies (every string of the kept one holds one of it) rules out nothing more.
    if (kept.some((k) => k.every((s) => need.some((t) => s.includes(t))))) continue;
    kept.push(need);
  }
  register(kept);
  return kept;
}

/**
 * The characters a match must hold, one of each set: the first code units of the pattern's needs,
 * however common (windows.ts skips a stretch of text around an anchor that lacks one of them).
 */
export function neededUnits(pattern: RegExp): Set<number>[] {
  if (pattern.ignoreCase) return [];
  const ast = parser.parsePattern(pattern.source, 0, pattern.source.length, { unicode: pattern.unicode });
  const sets = new Map<string, Set<number>>();
  for (const need of needs(ast.alternatives.length === 1 ? ast.alternatives[0]! : ast, MOST)) {
    const units = new Set(need.map((s) => s.charCodeAt(0)));
    sets.set([...units].sort((a, b) => a - b).join(','), units);
  }
  return [...sets.values()].sort((a, b) => a.size - b.size);
}

/**
 * Every string some need names, indexed for `survey`: single characters by code, pairs and longer
 * strings by a hash of their first two or three characters. Needs are registered as they are worked out.
 */
const BUCKETS = 0x10000;
/** The registered strings of two or more code units, by number; `byString` gives the number. */
const strings: string[] = [];
const byString = new Map<string, number>();
/** Where in a string of four or more code units its indexed four are (see `quietest`). */
const offsets: number[] = [];
const pairBloom = new Uint8Array(BUCKETS);
const tripleBloom = new Uint8Array(BUCKETS);
const quadBloom = new Uint8Array(BUCKETS);
/** The numbers of the strings with each hash (filled, never holey: read once per character). */
const pairs: number[][] = Array.from({ length: BUCKETS }, () => []);
const triples: number[][] = Array.from({ length: BUCKETS }, () => []);
const quads: number[][] = Array.from({ length: BUCKETS }, () => []);
/** For each code unit, whether it ends an indexed pair (1), three (2) or four (4): the hashes are worked out only then. */
const ENDS = new Uint8Array(BUCKETS);
const pairHash = (a: number, b: number) => (a * 31 + b) & 0xffff;
const tripleHash = (a: number, b: number, c: number) => (a * 961 + b * 31 + c) & 0xffff;
const quadHash = (a: number, b: number, c: number, d: number) => (a * 29791 + b * 961 + c * 31 + d) & 0xffff;

/** Letters and marks most frequent in running text (a space most of all), whose four-character runs recur everywhere. */
const FREQUENT = ' etaoinshrdl';
/**
 * The four code units of a longer string the index keys it by: the run least made of frequent
 * characters ("the minor" by "inor", not "the "), so a text's common runs seldom lead to a comparison.
 */
function quietest(s: string): number {
  let best = 0;
  let least = Number.POSITIVE_INFINITY;
  for (let at = 0; at + 4 <= s.length; at++) {
    let score = 0;
    for (let k = at; k < at + 4; k++) {
      const rank = FREQUENT.indexOf(s[k]!);
      if (rank >= 0) score += rank === 0 ? 20 : 12 - rank;
    }
    if (score < least) [best, least] = [at, score];
  }
  return best;
}

function register(needs: Needs): void {
  for (const need of needs) {
    for (const s of need) {
      if (byString.has(s) || s.length < 2) continue;
      const id = strings.length;
      strings.push(s);
      byString.set(s, id);
      offsets.push(0);
      if (s.length === 2) {
        const h = pairHash(s.charCodeAt(0), s.charCodeAt(1));
        pairBloom[h] = 1;
        pairs[h]!.push(id);
        ENDS[s.charCodeAt(1)]! |= 1;
      } else if (s.length === 3) {
        const h = tripleHash(s.charCodeAt(0), s.charCodeAt(1), s.charCodeAt(2));
        tripleBloom[h] = 1;
        triples[h]!.push(id);
        ENDS[s.charCodeAt(2)]! |= 2;
      } else {
        const at = quietest(s);
        offsets[id] = at;
        const h = quadHash(s.charCodeAt(at), s.charCodeAt(at + 1), s.charCodeAt(at + 2), s.charCodeAt(at + 3));
        quadBloom[h] = 1;
        quads[h]!.push(id);
        ENDS[s.charCodeAt(at + 3)]! |= 4;
      }
    }
  }
}

/**
 * Anchor classes of windows.ts (a few characters every match of a pattern holds), up to 32, one bit
 * each: `survey` notes where each occurs in the same read.
 */
const ANCHORS = new Uint32Array(BUCKETS);
const anchorKeys = new Map<string, number>();

/** The slot of an anchor class (its code units), -1 when all are taken (the anchors are then found on their own). */
export function anchorSlot(units: number[]): number {
  const key = [...units].sort((a, b) => a - b).join(',');
  let slot = anchorKeys.get(key);
  if (slot !== undefined) return slot;
  if (anchorKeys.size >= 32) return -1;
  slot = anchorKeys.size;
  anchorKeys.set(key, slot);
  for (const unit of units) ANCHORS[unit]! |= 1 << slot;
  return slot;
}

/** What one read of a text found: the characters it holds, which registered strings, where each anchor class occurs. */
export type Held = {
  /** Every distinct UTF-16 code unit of the text. */
  units: number[];
  /** Whether two spaces stand together somewhere (white space other than a space is among `units`). */
  doubleSpace: boolean;
  has(s: string): boolean;
  /** Every index of a character of the anchor class in `slot`, in order; undefined for a class registered after the read. */
  anchors(slot: number): number[] | undefined;
};

/** `survey`'s table of the code units met so far in its read: one for every read (they never overlap), all zero between reads. */
const SEEN = new Uint8Array(BUCKETS);

/**
 * One read of a text, finding at once which of the registered strings it holds (and its code units),
 * instead of one search of the whole text per string: a search for a string led by a space or a common
 * letter stops at every such character. A string registered later is looked for on its own.
 */
export function survey(text: string): Held {
  const seen = SEEN;
  const units: number[] = [];
  const found = new Uint8Array(strings.length);
  const positions: number[][] = Array.from({ length: anchorKeys.size }, () => []);
  let doubleSpace = false;
  // The three code units before the current one (-1 before the start).
  let a = -1;
  let b = -1;
  let d = -1;
  try {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (seen[c] === 0) {
        seen[c] = 1;
        units.push(c);
      }
      const slots = ANCHORS[c]!;
      if (slots !== 0) {
        for (let slot = 0, rest = slots; rest !== 0; slot++, rest >>>= 1) if ((rest & 1) !== 0) positions[slot]?.push(i);
      }
      if (c === 32 && b === 32) doubleSpace = true;
      const ends = ENDS[c]!;
      if (ends !== 0) {
        if ((ends & 1) !== 0 && b >= 0) {
          const h2 = pairHash(b, c);
          if (pairBloom[h2] === 1) {
            for (const id of pairs[h2]!) {
              if (found[id] === 0 && strings[id]!.charCodeAt(0) === b && strings[id]!.charCodeAt(1) === c) found[id] = 1;
            }
          }
        }
        if ((ends & 2) !== 0 && a >= 0) {
          const h3 = tripleHash(a, b, c);
          if (tripleBloom[h3] === 1) {
            for (const id of triples[h3]!) if (found[id] === 0 && text.startsWith(strings[id]!, i - 2)) found[id] = 1;
          }
        }
        if ((ends & 4) !== 0 && d >= 0) {
          const h4 = quadHash(d, a, b, c);
          if (quadBloom[h4] === 1) {
            for (const id of quads[h4]!) {
              const start = i - 3 - offsets[id]!;
              if (found[id] === 0 && start >= 0 && text.startsWith(strings[id]!, start)) found[id] = 1;
            }
          }
        }
      }
      d = a;
      a = b;
      b = c;
    }
  } finally {
    // The scratch table is cleared for the next read through the units it marked (a text holds few distinct ones).
    for (const c of units) seen[c] = 0;
  }
  let unitSet: Set<number> | undefined;
  const alone = new Map<string, boolean>();
  return {
    units,
    doubleSpace,
    anchors: (slot) => positions[slot],
    has(s: string): boolean {
      if (s.length === 1) return (unitSet ??= new Set(units)).has(s.charCodeAt(0));
      const id = byString.get(s);
      if (id !== undefined && id < found.length) return found[id] === 1;
      let has = alone.get(s);
      if (has === undefined) alone.set(s, (has = text.includes(s)));
      return has;
    },
  };
}

/** Whether a text can hold a match: it meets every need (a need is met by any one of its strings). */
export function meets(needs: Needs, held: Held): boolean {
  for (const need of needs) if (!need.some((s) => held.has(s))) return false;
  return true;
}
