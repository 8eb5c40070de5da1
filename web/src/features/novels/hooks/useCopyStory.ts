import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/Toasts';
import { paths } from '../../../lib/paths';
import type { Chapter, NovelShare } from '../api/types';
import { copyText } from '../../../lib/copy';
import { storyText } from '../format';

/** SPEC.md section 9: the "Copied" tooltip shows for 1.5 s. */
export const COPIED_TOOLTIP_MS = 1500;

/** The text that goes on the clipboard: the story and a source line pointing back here. */
export function copiedStory(title: string, chapters: Chapter[], sourceLine: string): string {
  return `${storyText(title, chapters)}\n\n— ${sourceLine}`;
}

/**
 * The page the source line links: someone the text is pasted to cannot open the author's work
 * reader, so it is the story's public post, else its public novel page, else the persona it was
 * written from, else the app's home.
 */
export function sourcePath(novelUid: string, share: NovelShare | undefined): string {
  if (share?.post_uid) return paths.post(share.post_uid);
  if (share?.novel_public) return paths.novel(novelUid);
  if (share?.persona_uid) return paths.persona(share.persona_uid);
  return paths.home;
}

/** Copy with its 1.5 s tooltip; a refused clipboard is told in a toast. */
export function useCopyStory(uid: string, title: string, chapters: Chapter[], share: NovelShare | undefined) {
  const { t } = useTranslation();
  const [copies, setCopies] = useState(0);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (copies === 0) return;
    const timer = setTimeout(() => setCopied(false), COPIED_TOOLTIP_MS);
    return () => clearTimeout(timer);
  }, [copies]);

  const copy = async () => {
    const url = `${window.location.origin}${sourcePath(uid, share)}`;
    try {
      await copyText(copiedStory(title, chapters, t('reader.copySource', { url })));
      setCopied(true);
      setCopies((n) => n + 1);
    } catch (error) {
      console.error('copying the story failed', error);
      toast(t('reader.copyFailed'), 'error');
    }
  };
  return { copy, copied };
}
