/** Plain-text paragraphs: split on blank lines, single line breaks kept inside a paragraph (CSS pre-line). */
export function paragraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n(?:[ \t\u3000]*\n)+/)
    .map((p) => p.replace(/^\n+|\s+$/g, ''))
    .filter((p) => p.trim() !== '');
}

/** A date in the interface language (epoch seconds in). */
export const formatDate = (epochSeconds: number, language: string): string =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(epochSeconds * 1000));

/** The absolute link of a post's public page, for sharing. */
export const shareUrl = (path: string): string => new URL(path, window.location.origin).toString();
