import { savedArticleKey, storage } from '../../lib/storage';

/** SPEC.md section 3: a saved article (title, content) per novel: the edit in progress, kept across reloads. */
export type SavedArticle = { title: string; content: string };

export function readSavedArticle(uid: string): SavedArticle | null {
  const saved = storage.getJson<Partial<SavedArticle>>(savedArticleKey(uid));
  if (!saved || typeof saved.content !== 'string') return null;
  return { title: typeof saved.title === 'string' ? saved.title : '', content: saved.content };
}

export const writeSavedArticle = (uid: string, article: SavedArticle): void => storage.setJson(savedArticleKey(uid), article);

export const clearSavedArticle = (uid: string): void => storage.remove(savedArticleKey(uid));
