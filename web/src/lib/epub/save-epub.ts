import type { EpubBook } from './build-epub';

/** A file name from the title: what a phone's files app shows. */
export const epubFileName = (title: string) =>
  `${
    title
      // eslint-disable-next-line no-control-regex -- control characters are among what a file name cannot hold
      .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ')
      .trim()
      .slice(0, 80) || 'story'
  }.epub`;

/**
 * Builds the book in the browser (build-epub, loaded only when asked for) and saves it as a file:
 * the work reader's and a public post's "Download EPUB" (issue 30).
 */
export async function saveEpub(book: EpubBook): Promise<void> {
  const { buildEpub } = await import('./build-epub');
  const bytes = buildEpub(book);
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/epub+zip' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = epubFileName(book.title);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
