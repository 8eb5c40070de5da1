import type { Preference } from '../../../lib/article-draft';
import type { CardFill } from './fill';

/** The form fields an import may change: both forms have these; the persona form also has tags. */
export type CardFormValues = {
  characterA: string;
  settingA: string;
  characterB: string;
  settingB: string;
  plot: string;
  isR18: Preference | null;
  tags?: string;
};

/** Translation keys of the notes an import adds about the form's own fields. */
export type ApplyNote = 'cards.plotFilled' | 'cards.plotKept' | 'cards.tagsFilled' | 'cards.nsfwChosen' | 'cards.nsfwSuggested';

/**
 * What an import changes in a form: the imported characters' names and
 * settings; the plot and tags only when the user has not written their own;
 * and Spicy (18+) for a card tagged NSFW, only for an account that has already
 * confirmed being 18+ (others are told to choose it, which asks for the
 * confirmation as any choice of Spicy does). The server's safety check still
 * decides on save or generate.
 */
export function applyFill<V extends CardFormValues>(
  fill: CardFill,
  values: V,
  adultConfirmed: boolean | null,
): { patch: Partial<V>; notes: ApplyNote[] } {
  const patch: Partial<CardFormValues> = {};
  const notes: ApplyNote[] = [];
  for (const character of fill.characters) {
    patch[`character${character.slot}`] = character.name;
    patch[`setting${character.slot}`] = character.setting;
  }
  if (fill.plot !== null) {
    if (values.plot.trim()) notes.push('cards.plotKept');
    else {
      patch.plot = fill.plot;
      notes.push('cards.plotFilled');
    }
  }
  if (values.tags !== undefined && !values.tags.trim() && fill.tags.length > 0) {
    patch.tags = fill.tags.join(', ');
    notes.push('cards.tagsFilled');
  }
  if (fill.nsfw && values.isR18 !== 'R18') {
    if (adultConfirmed === true) {
      patch.isR18 = 'R18';
      notes.push('cards.nsfwChosen');
    } else notes.push('cards.nsfwSuggested');
  }
  return { patch: patch as Partial<V>, notes };
}
