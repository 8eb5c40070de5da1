import { diffChars, diffWords, type ChangeObject } from 'diff';

/** One run of a difference: kept, inserted by the variant, or deleted from the selection. */
export type DiffPart = { kind: 'same' | 'added' | 'removed'; text: string };

const CJK = new Set(['zh-CN', 'zh-TW', 'ja', 'ko']);

/**
 * A word-level difference between the selection and a variant (jsdiff). Chinese and Japanese have no
 * spaces between words, so their words come from Intl.Segmenter in the story's language (a dictionary
 * of words, as the browser has it); without it, they are compared character by character.
 */
export function wordDiff(before: string, after: string, language: string): DiffPart[] {
  let changes: ChangeObject<string>[];
  if (CJK.has(language) && typeof Intl.Segmenter === 'function') {
    changes = diffWords(before, after, { intlSegmenter: new Intl.Segmenter(language, { granularity: 'word' }) });
  } else if (CJK.has(language)) {
    changes = diffChars(before, after);
  } else {
    changes = diffWords(before, after);
  }
  return changes.map((change) => ({ kind: change.added ? 'added' : change.removed ? 'removed' : 'same', text: change.value }));
}
