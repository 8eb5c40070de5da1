import { useNovelDetails } from '../../../lib/novel-details';
import type { NovelDetails } from './types';

/** The novel a post is bound to, to prefill the post form with its title and text (the readers' cache entry). */
export const useSourceNovel = (uid: string | undefined) => useNovelDetails(uid);

/** The novel's whole text, chapters separated by a blank line. */
export const novelText = (details: NovelDetails): string =>
  details.chapters
    .map((chapter) => chapter.content.trim())
    .filter(Boolean)
    .join('\n\n');
