import { useState } from 'react';
import { storage, STORAGE_KEYS } from '../../lib/storage';

/** The languages read in vertical writing (縦書き, 直排) as well as horizontally. */
export const VERTICAL_LANGUAGES: ReadonlySet<string> = new Set(['ja', 'zh-TW']);

/**
 * Horizontal or vertical writing for a story shown in `language` (after any 繁體 conversion): offered
 * for Japanese and Traditional Chinese, the reader's choice remembered on this device.
 */
export function useReadingLayout(language: string) {
  const [vertical, setVertical] = useState(() => storage.get(STORAGE_KEYS.readingLayout) === 'vertical');
  const offered = VERTICAL_LANGUAGES.has(language);
  return {
    offered,
    vertical: offered && vertical,
    toggle: () => {
      const next = !vertical;
      setVertical(next);
      storage.set(STORAGE_KEYS.readingLayout, next ? 'vertical' : 'horizontal');
    },
  };
}

/** Whether a book in `language` is made in vertical writing: the reader's remembered choice, where it applies (the EPUB). */
export const prefersVertical = (language: string): boolean =>
  VERTICAL_LANGUAGES.has(language) && storage.get(STORAGE_KEYS.readingLayout) === 'vertical';

export type ReadingLayout = ReturnType<typeof useReadingLayout>;
