/** Paragraphs of a chapter as the readers show them: split on blank lines, single line breaks kept inside a paragraph. */
export function splitParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n(?:[ \t\u3000]*\n)+/)
    .map((paragraph) => paragraph.replace(/^\n+|\s+$/g, ''))
    .filter((paragraph) => paragraph.trim() !== '');
}
