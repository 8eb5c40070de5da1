import { RegExpParser } from '@eslint-community/regexpp';
import { type Held, meets, type Needs, needsOf, survey } from './literals';

/**
 * The lexicons' gates ("does this text hold Han, kana, Hangul, Cyrillic?"), answered together in one
 * pass over the text (issue 28: a class of several scripts, \p{sc=Hiragana} and the like, takes
 * milliseconds to rule out on 200,000 characters of another script; a table lookup per character
 * does not). A gate is a disjunction; each alternative that is one character class is looked up in a
 * table of the Basic Multilingual Plane, the others are tested as regular expressions. A text with a
 * surrogate pair has its class alternatives tested as regular expressions too, so the answer is
 * always that of `gate.test(text)`.
 */
export type Gate = { bit: number; classes: RegExp[]; others: { re: RegExp; needs: Needs }[] };

const parser = new RegExpParser({ ecmaVersion: 2025 });
/** One bit per distinct class (up to 15), bit 15 for a surrogate. */
const TABLE = new Uint16Array(0x10000);
const SURROGATE = 1 << 15;
for (let cp = 0xd800; cp <= 0xdfff; cp++) TABLE[cp] = SURROGATE;
const bits = new Map<string, number>();
const BMP_CHARS = Array.from({ length: 0x10000 - 0x800 }, (_, i) => String.fromCharCode(i < 0xd800 ? i : i + 0x800)).join('');

function classBit(source: string): number {
  let bit = bits.get(source);
  if (bit !== undefined) return bit;
  if (bits.size >= 15) return 0;
  bit = 1 << bits.size;
  bits.set(source, bit);
  // One scan of every character of the plane but the surrogates (index i is U+i below them, U+(i + 0x800) above).
  for (const m of BMP_CHARS.matchAll(new RegExp(source, 'gu'))) TABLE[m.index < 0xd800 ? m.index : m.index + 0x800]! |= bit;
  return bit;
}

/** A gate source (flags `u`) read into its class alternatives and the rest. */
export function gateOf(source: string): Gate {
  const ast = parser.parsePattern(source, 0, source.length, { unicode: true });
  const gate: Gate = { bit: 0, classes: [], others: [] };
  for (const alt of ast.alternatives) {
    const only = alt.elements.length === 1 ? alt.elements[0]! : null;
    const bit = only?.type === 'CharacterClass' && !only.negate && !only.unicodeSets ? classBit(alt.raw) : 0;
    if (bit) {
      gate.bit |= bit;
      gate.classes.push(new RegExp(alt.raw, 'u'));
    } else {
      // An alternative that is no class (`\bans\b`, `jk`) is tested only on a text holding its needed strings.
      const re = new RegExp(alt.raw, 'u');
      gate.others.push({ re, needs: needsOf(re) });
    }
  }
  return gate;
}

/** The classes a text holds, as bits (one pass; with the surrogate bit when it has a character beyond U+FFFF). */
export function classesIn(text: string): number {
  let found = 0;
  for (let i = 0; i < text.length; i++) found |= TABLE[text.charCodeAt(i)]!;
  return found;
}

/** The classes of a text from its distinct code units (`survey` in literals.ts): as `classesIn`, without another read. */
export function classesOf(units: number[]): number {
  let found = 0;
  for (const unit of units) found |= TABLE[unit]!;
  return found;
}

/**
 * Whether the gate opens on a text whose classes are `found` (from `classesIn`). The text is one of the
 * check's readings (one plain space for any white space: literals.ts); `held` remembers its strings.
 */
export function opens(gate: Gate, text: string, found: number, held: Held = survey(text)): boolean {
  if (found & gate.bit) return true;
  if (found & SURROGATE && gate.classes.some((re) => re.test(text))) return true;
  return gate.others.some(({ re, needs }) => meets(needs, held) && re.test(text));
}
