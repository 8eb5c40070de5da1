import { CODEX_ENTRIES_MAX } from '@butterfic/contract/client';
import type { CodexSeed } from '../../../lib/article-draft';
import type { Card } from './card';

export type Slot = 'A' | 'B';

/** A field cut to its limit: which one, and its length before and after (UTF-16 units, as maxLength counts). */
export type Cut = { field: 'nameA' | 'settingA' | 'nameB' | 'settingB' | 'plot'; from: number; to: number };

export type CharacterFill = { slot: Slot; name: string; setting: string };

/** What an import puts into a form; the form keeps the user's own plot and tags when they are set. */
export type CardFill = {
  characters: CharacterFill[];
  /** The cards' scenarios, or null when none has one. */
  plot: string | null;
  /** The cards' tags fit for a persona (at most 8 of up to 30 characters), without the adult markers. */
  tags: string[];
  /** A card is tagged NSFW: the form suggests 18+. */
  nsfw: boolean;
  cuts: Cut[];
  /** The imported cards' character books as codex entries (the generation form sends them with the story). */
  book: CodexSeed[];
};

export type FillLimits = { name: number; setting: number; plot: number };

const NSFW_TAG = /^(nsfw|18\+|r-?18|adult|explicit)$/i;
const MAX_TAGS = 8;
const MAX_TAG_LENGTH = 30;

/** Cuts to `max` UTF-16 units without splitting a surrogate pair. */
function cutUnits(text: string, max: number): string {
  let end = Math.min(text.length, max);
  const last = text.charCodeAt(end - 1);
  if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end);
}

/** A name field is one line: no line breaks or control/format characters (CharacterName refuses them). */
export function cleanName(name: string): string {
  return name
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Card text as a form field: LF line ends, no control characters but tab and newline, at most one blank line. */
export function cleanText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, (c) => (c === '\n' || c === '\t' ? c : c === '\u2028' || c === '\u2029' ? '\n' : ''))
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Card macros: {{char}} / <BOT> is the card's character, {{user}} / <USER> the other one. */
export function replaceMacros(text: string, char: string, user: string): string {
  return text.replace(/\{\{\s*char\s*\}\}|<bot>/gi, char).replace(/\{\{\s*user\s*\}\}|<user>/gi, user);
}

/**
 * Text cut to `max` units: at the last sentence end in the last fifth when
 * there is one, else at a word end with an ellipsis (else anywhere, with one).
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const floor = Math.floor(max * 0.8);
  const whole = cutUnits(text, max);
  for (let i = whole.length - 1; i >= floor; i--) {
    if (/[.!?。！？．\n]/.test(whole[i]!) && (i + 1 >= text.length || /[\s"'”’」』)]/.test(text[i + 1]!) || /[。！？]/.test(whole[i]!))) {
      return whole.slice(0, i + 1).trimEnd();
    }
  }
  const head = cutUnits(text, max - 1);
  for (let i = head.length - 1; i >= floor; i--) {
    if (/[\s、，,;；]/.test(head[i]!)) return `${head.slice(0, i + 1).trimEnd()}…`;
  }
  return `${head.trimEnd()}…`;
}

/**
 * Maps one or two cards onto the two characters: two cards fill A and B; one
 * card fills the first character without a name (A when both have one). Its
 * description and personality become the setting, the scenarios the plot.
 * `current` are the names already in the form, used for {{user}} when the other
 * character is not imported; `someone` stands in when that name is empty too.
 */
export function fillFromCards(
  cards: readonly Card[],
  current: { nameA: string; nameB: string },
  someone: string,
  limits: FillLimits,
): CardFill {
  const slots: Slot[] = cards.length >= 2 ? ['A', 'B'] : [!current.nameA.trim() ? 'A' : !current.nameB.trim() ? 'B' : 'A'];
  const picked = cards.slice(0, slots.length).map((card, i) => ({ card, slot: slots[i]!, fullName: cleanName(card.name) }));
  const cuts: Cut[] = [];
  const nameOf = (slot: Slot) => {
    const imported = picked.find((p) => p.slot === slot);
    if (imported) return cutUnits(imported.fullName, limits.name);
    return (slot === 'A' ? current.nameA : current.nameB).trim() || someone;
  };

  const characters = picked.map(({ card, slot, fullName }) => {
    const name = cutUnits(fullName, limits.name);
    if (name.length < fullName.length) cuts.push({ field: `name${slot}`, from: fullName.length, to: name.length });
    const user = nameOf(slot === 'A' ? 'B' : 'A');
    const description = cleanText(replaceMacros(card.description, name, user));
    const personality = cleanText(replaceMacros(card.personality, name, user));
    const whole = [description, description.includes(personality) ? '' : personality].filter(Boolean).join('\n\n');
    const setting = cutText(whole, limits.setting);
    if (setting !== whole) cuts.push({ field: `setting${slot}`, from: whole.length, to: setting.length });
    return { slot, name, setting };
  });

  const scenarios = [
    ...new Set(
      picked
        .map(({ card, slot }) => cleanText(replaceMacros(card.scenario, nameOf(slot), nameOf(slot === 'A' ? 'B' : 'A'))))
        .filter(Boolean),
    ),
  ];
  const wholePlot = scenarios.join('\n\n');
  const plot = cutText(wholePlot, limits.plot);
  if (plot !== wholePlot) cuts.push({ field: 'plot', from: wholePlot.length, to: plot.length });

  const allTags = picked.flatMap(({ card }) => card.tags.map(cleanName));
  const tags: string[] = [];
  for (const tag of allTags) {
    if (!tag || NSFW_TAG.test(tag) || tag.length > MAX_TAG_LENGTH || tag.includes(',')) continue;
    if (tags.some((t) => t.toLowerCase() === tag.toLowerCase())) continue;
    if (tags.length < MAX_TAGS) tags.push(tag);
  }

  return {
    characters,
    plot: wholePlot ? plot : null,
    tags,
    nsfw: allTags.some((tag) => NSFW_TAG.test(tag)),
    cuts,
    book: picked.flatMap(({ card }) => card.book ?? []).slice(0, CODEX_ENTRIES_MAX - 2),
  };
}
