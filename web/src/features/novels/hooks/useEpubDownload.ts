import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/Toasts';
import { prefersVertical } from '../../../components/reader/useReadingLayout';
import { useUserInfo } from '../../../lib/account/user-info';
import { saveEpub } from '../../../lib/epub/save-epub';
import type { Chapter, Novel, NovelShare } from '../api/types';
import { splitParagraphs } from '../format';
import { sourcePath } from './useCopyStory';

/**
 * "Download EPUB" on the work reader (issue 30): the chapters of the chosen versions, the author's
 * pen name and a provenance line, built in the browser (lib/epub, loaded when pressed) and saved.
 */
export function useEpubDownload(novel: Novel, chapters: Chapter[], share: NovelShare | undefined) {
  const { t } = useTranslation();
  const user = useUserInfo();
  return async () => {
    try {
      await saveEpub({
        id: novel.uid,
        title: novel.title,
        author: user.data?.name ?? '',
        language: novel.language,
        chapters: chapters.map((chapter) => ({
          heading: t('reader.chapter', { number: chapter.index + 1 }),
          paragraphs: splitParagraphs(chapter.content),
        })),
        // Vertical writing when the reader reads this story vertically (Japanese, Traditional Chinese).
        vertical: prefersVertical(novel.language),
        source: t('reader.copySource', { url: `${window.location.origin}${sourcePath(novel.uid, share)}` }),
      });
    } catch (error) {
      console.error('building the EPUB failed', error);
      toast(t('reader.epubFailed'), 'error');
    }
  };
}
