import { BookDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../components/ui/Toasts';
import { prefersVertical } from '../../../components/reader/useReadingLayout';
import { saveEpub } from '../../../lib/epub/save-epub';
import { paths } from '../../../lib/paths';
import type { Post } from '../api/types';
import { paragraphs } from '../format';

/**
 * "Download EPUB" on a post (issue 30), where its author allows it (always for the author): the
 * post as a one-chapter book with the author's pen name and a line saying where it came from.
 */
export function PostEpubButton({ post }: { post: Post }) {
  const { t } = useTranslation();
  if (!post.is_mine && post.allow_download !== 1) return null;
  const download = async () => {
    try {
      await saveEpub({
        id: post.uid,
        title: post.title,
        author: post.author_name,
        language: post.language,
        chapters: [{ heading: post.title, paragraphs: paragraphs(post.content) }],
        vertical: prefersVertical(post.language),
        source: t('reader.copySource', { url: `${window.location.origin}${paths.post(post.uid)}` }),
      });
    } catch (error) {
      console.error('building the EPUB failed', error);
      toast(t('reader.epubFailed'), 'error');
    }
  };
  return (
    <Button variant="secondary" onClick={() => void download()}>
      <BookDown aria-hidden="true" size={18} />
      {t('reader.downloadEpub')}
    </Button>
  );
}
