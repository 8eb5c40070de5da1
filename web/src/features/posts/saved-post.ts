import { STORAGE_KEYS, savedArticleKey, storage } from '../../lib/storage';

/** The post form's title and text in progress, kept across reloads until it is saved or thrown away. */
export type SavedPost = { title: string; content: string };

/** `novel:<uid>` for a new post of a novel, `post:<uid>` for an edit, `new` for a post without a novel. */
export type SavedPostScope = `novel:${string}` | `post:${string}` | 'new';

const key = (scope: SavedPostScope) => `${STORAGE_KEYS.savedPostPrefix}${scope}`;

export function readSavedPost(scope: SavedPostScope): SavedPost | null {
  const saved = storage.getJson<Partial<SavedPost>>(key(scope));
  if (!saved || typeof saved.title !== 'string' || typeof saved.content !== 'string') return null;
  return { title: saved.title, content: saved.content };
}

export const writeSavedPost = (scope: SavedPostScope, post: SavedPost): void => storage.setJson(key(scope), post);
export const clearSavedPost = (scope: SavedPostScope): void => storage.remove(key(scope));

/**
 * The work reader's unsaved edit of a novel's last chapter (SPEC.md section 3's
 * saved article per novel), so a post made from it starts from what the author
 * last wrote, not from the last saved text.
 */
export function readSavedArticle(novelUid: string): { title: string; content: string } | null {
  const saved = storage.getJson<{ title?: unknown; content?: unknown }>(savedArticleKey(novelUid));
  if (!saved || typeof saved.content !== 'string') return null;
  return { title: typeof saved.title === 'string' ? saved.title : '', content: saved.content };
}
