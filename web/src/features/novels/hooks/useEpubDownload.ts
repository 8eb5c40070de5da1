import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/Toasts';
import { prefersVertical } from '../../../components/reader/useReadingLayout';
import { useUserInfo } from '../../../lib/account/user-info';
import type { Chapter, Novel, NovelShare } from '../api/types';
import { splitParagraphs } from '../format';
import { sourcePath } from './useCopyStory';

/** A file name from the title: what a phone's files app shows. */
const fileName = (title: string) =>
  `${
    title
      // eslint-disable-next-line no-control-regex -- control characters are among what a file name cannot hold
      .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ')
      .trim()
      .slice(0, 80) || 'story'
  }.epub`;

/**
 * "Download EPUB" on the work reader (issue 30): the chapters of the chosen versions, the author's
 * pen name and a provenance line, built in the browser (lib/epub, loaded when pressed) and saved.
 */
export function useEpubDownload(novel: Novel, chapters: Chapter[], share: NovelShare | undefined) {
  const { t } = useTranslation();
  const user = useUserInfo();
  return async () => {
    try {
      const { buildEpub } = await import('../../../lib/epub/build-epub');
      const bytes = buildEpub({
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
      const url = URL.createObjectURL(new Blob([bytes], { type: 'application/epub+zip' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName(novel.title);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      console.error('building the EPUB failed', error);
      toast(t('reader.epubFailed'), 'error');
    }
  };
}
