import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/Toasts';
import { paths } from '../../../lib/paths';
import type { Chapter } from '../api/types';
import { copyText } from '../../../lib/copy';
import { storyText } from '../format';

/** SPEC.md section 9: the "Copied" tooltip shows for 1.5 s. */
export const COPIED_TOOLTIP_MS = 1500;

/** The text that goes on the clipboard: the story and a source line pointing back here. */
export function copiedStory(title: string, chapters: Chapter[], sourceLine: string): string {
  return `${storyText(title, chapters)}\n\n— ${sourceLine}`;
}

/** Copy with its 1.5 s tooltip; a refused clipboard is told in a toast. */
export function useCopyStory(uid: string, title: string, chapters: Chapter[]) {
  const { t } = useTranslation();
  const [copies, setCopies] = useState(0);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (copies === 0) return;
    const timer = setTimeout(() => setCopied(false), COPIED_TOOLTIP_MS);
    return () => clearTimeout(timer);
  }, [copies]);

  const copy = async () => {
    const url = `${window.location.origin}${paths.work(uid)}`;
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
