import type { Tag, Warning } from '@butterfic/contract';
import { WARNINGS } from '@butterfic/contract';

/**
 * Tags as readers compare them (issue 51, docs/decisions/0057): width and compatibility forms folded
 * (NFKC: Ｆａｔｅ → Fate, ｶﾞ → ガ), lower case, white space runs as one space, and Traditional Chinese
 * read as Simplified with the converter the reader uses (decision 0038, opencc-js `twp` → `cn`, by
 * phrase: 軟體 and 软件 meet). Stored in `posts.tag_keys`; the feed's `tag` and `exclude_tags` are
 * folded the same way before they are compared.
 */
type Convert = (text: string) => string;
let converter: Promise<Convert> | null = null;

function toSimplified(): Promise<Convert> {
  converter ??= import('opencc-js/t2cn').then((m) => m.Converter({ from: 'twp', to: 'cn' }) as Convert);
  return converter;
}

const HAN = /\p{Script=Han}/u;

/** One name folded (async: the dictionaries load on first use). */
export async function foldTag(name: string): Promise<string> {
  const flat = name.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
  return HAN.test(flat) ? (await toSimplified())(flat) : flat;
}

export async function foldTags(names: readonly string[]): Promise<string[]> {
  const folded = await Promise.all(names.map(foldTag));
  return [...new Set(folded)];
}

/** The author's tags without repeats (the first of two that fold alike stays), in their order. */
export async function cleanTags(tags: readonly Tag[]): Promise<{ tags: Tag[]; keys: string[] }> {
  const seen = new Set<string>();
  const kept: Tag[] = [];
  for (const tag of tags) {
    const key = await foldTag(tag.name);
    if (seen.has(`${tag.kind}:${key}`)) continue;
    seen.add(`${tag.kind}:${key}`);
    kept.push(tag);
  }
  return { tags: kept, keys: await foldTags(kept.map((tag) => tag.name)) };
}

/** Warnings in the list's order, once each. */
export function cleanWarnings(warnings: readonly Warning[]): Warning[] {
  return WARNINGS.filter((warning) => warnings.includes(warning));
}

/** What a post bound to a novel starts with: its two characters and their relationship (AO3's "A/B"). */
export function novelTags(names: { char_a_name: string; char_b_name: string }): Tag[] {
  const a = names.char_a_name.replace(/\s+/g, ' ').trim().slice(0, 100);
  const b = names.char_b_name.replace(/\s+/g, ' ').trim().slice(0, 100);
  if (!a || !b) return [];
  return [
    { kind: 'relationship', name: `${a}/${b}`.slice(0, 100) },
    { kind: 'character', name: a },
    { kind: 'character', name: b },
  ];
}
