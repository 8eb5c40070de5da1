import { countsCharacters } from '@butterfic/contract/client';
import { useTranslation } from 'react-i18next';

/**
 * The length of a story in its reader's terms: 字数 / 文字数 / 글자 수 (characters, no spaces) for a
 * Chinese, Japanese or Korean story, words for the others; the unit follows the story's language
 * and the wording the interface language (1,234 字 / 1,234文字 / 1,234자 / 1,234 words). The count
 * itself is always `wordCount` (contract/src/text.ts), the server's word_count or the text shown.
 */
export function StoryLength({ language, count }: { language: string; count: number }) {
  const { t } = useTranslation();
  const key = countsCharacters(language) ? 'works.characters' : 'works.words';
  return <span className="tabular">{t(key, { count })}</span>;
}
