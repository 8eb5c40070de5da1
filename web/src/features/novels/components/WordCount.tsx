import { useTranslation } from 'react-i18next';
import type { Novel } from '../api/types';

const COUNTS_CHARACTERS: ReadonlySet<string> = new Set(['zh-CN', 'zh-TW', 'ja', 'ko']);

/**
 * The length of a story: the server counts characters for Chinese, Japanese
 * and Korean stories and words for the others, so the unit follows the
 * story's language and the wording the interface language (字, 文字, 자, words).
 */
export function WordCount({ novel }: { novel: Pick<Novel, 'word_count' | 'language'> }) {
  const { t } = useTranslation();
  const key = COUNTS_CHARACTERS.has(novel.language) ? 'works.characters' : 'works.words';
  return <span className="tabular">{t(key, { count: novel.word_count })}</span>;
}
