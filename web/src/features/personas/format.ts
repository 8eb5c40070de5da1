import type { Persona } from './api/types';

/** SPEC.md section 9: tags are one string, separated by comma and space. */
export function splitTags(tags: string): string[] {
  return tags
    .split(', ')
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/** Both character names, as the cards and the persona page show them. */
export const pairName = (persona: Pick<Persona, 'char_a_name' | 'char_b_name'>) => `${persona.char_a_name} × ${persona.char_b_name}`;

export const FAVOURITE_TITLE_LENGTH = 32;

/** SPEC.md section 9: a favourite's title is the first 32 characters of its description (code points, never half a character). */
export function favouriteTitle(description: string): string {
  const chars = Array.from(description.trim());
  return chars.length > FAVOURITE_TITLE_LENGTH ? `${chars.slice(0, FAVOURITE_TITLE_LENGTH).join('')}…` : chars.join('');
}

/** Counts in the reader's own digits and separators. */
export const formatCount = (value: number, language: string) => new Intl.NumberFormat(language).format(value);

/**
 * The pages so far, each without the personas an earlier page already showed
 * (a feed refetched page by page may overlap at the seams).
 */
export function uniquePages(pages: { results: Persona[] }[]): Persona[][] {
  const seen = new Set<string>();
  return pages.map((page) =>
    page.results.filter((persona) => {
      if (seen.has(persona.uid)) return false;
      seen.add(persona.uid);
      return true;
    }),
  );
}
