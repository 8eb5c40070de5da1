import { parseInline, rubyFor } from '../inline-text';
import { zipStored } from './zip';

/**
 * An EPUB 3 book of a story (issue 30): the chapters of the chosen versions, the title, the
 * author's pen name, the language, a provenance line, and vertical writing (right-to-left page
 * progression) for Japanese or Traditional Chinese when the reader chose it. Fonts are left to the
 * reading system. Plain XHTML, every text escaped: nothing the author wrote is read as markup.
 */
export type EpubBook = {
  /** A stable identifier (the novel's uid). */
  id: string;
  title: string;
  author: string;
  language: string;
  chapters: { heading: string; paragraphs: string[] }[];
  /** "Written with Butterfic: <url>" in the reader's language. */
  source: string;
  vertical?: boolean;
  /** The "last modified" date (dcterms:modified). */
  modified?: Date;
};

const escapeXml = (text: string) =>
  text
    // eslint-disable-next-line no-control-regex -- characters XML 1.0 cannot hold are dropped
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const page = (book: EpubBook, title: string, body: string, extraNamespace = '') => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml"${extraNamespace} xml:lang="${escapeXml(book.language)}" lang="${escapeXml(book.language)}">
<head>
<meta charset="UTF-8"/>
<title>${escapeXml(title)}</title>
<link rel="stylesheet" type="text/css" href="style.css"/>
</head>
<body>
${body}
</body>
</html>
`;

/** A paragraph with its ruby and, in vertical writing, upright digits (lib/inline-text), every piece escaped. */
const paragraph = (book: EpubBook, text: string) =>
  parseInline(text, { ruby: rubyFor(book.language), upright: book.vertical ?? false })
    .map((piece) =>
      'text' in piece
        ? escapeXml(piece.text)
        : 'base' in piece
          ? `<ruby>${escapeXml(piece.base)}<rp>(</rp><rt>${escapeXml(piece.reading)}</rt><rp>)</rp></ruby>`
          : `<span class="upright">${escapeXml(piece.upright)}</span>`,
    )
    .join('');

const chapterFile = (i: number) => `chapter-${String(i + 1).padStart(3, '0')}.xhtml`;

export function epubFiles(book: EpubBook): { name: string; text: string }[] {
  const modified = (book.modified ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const chapters = book.chapters.map((chapter, i) => ({
    name: chapterFile(i),
    text: page(
      book,
      chapter.heading,
      `<section>
<h2>${escapeXml(chapter.heading)}</h2>
${chapter.paragraphs.map((p) => `<p>${paragraph(book, p)}</p>`).join('\n')}
${i === book.chapters.length - 1 ? `<p class="source">${escapeXml(book.source)}</p>` : ''}
</section>`,
    ),
  }));
  const nav = page(
    book,
    book.title,
    `<nav epub:type="toc" id="toc">
<h1>${escapeXml(book.title)}</h1>
<ol>
${book.chapters.map((chapter, i) => `<li><a href="${chapterFile(i)}">${escapeXml(chapter.heading)}</a></li>`).join('\n')}
</ol>
</nav>`,
    ' xmlns:epub="http://www.idpf.org/2007/ops"',
  );
  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${escapeXml(book.language)}">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="book-id">urn:butterfic:${escapeXml(book.id)}</dc:identifier>
<dc:title>${escapeXml(book.title)}</dc:title>
<dc:creator>${escapeXml(book.author)}</dc:creator>
<dc:language>${escapeXml(book.language)}</dc:language>
<meta property="dcterms:modified">${modified}</meta>
</metadata>
<manifest>
<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
<item id="style" href="style.css" media-type="text/css"/>
${chapters.map((c, i) => `<item id="c${i + 1}" href="${c.name}" media-type="application/xhtml+xml"/>`).join('\n')}
</manifest>
<spine${book.vertical ? ' page-progression-direction="rtl"' : ''}>
${chapters.map((_, i) => `<itemref idref="c${i + 1}"/>`).join('\n')}
</spine>
</package>
`;
  // Chinese books indent a paragraph two characters (空两格); Japanese one (一字下げ), as do the others.
  const indent = /^zh\b/u.test(book.language) ? '2em' : '1em';
  const style = `html {${book.vertical ? ' writing-mode: vertical-rl; -epub-writing-mode: vertical-rl;' : ''} }
body { line-height: 1.8; }
h2 { font-size: 1.2em; margin: 1em 0; }
p { margin: 0 0 0.8em; text-indent: ${indent}; }
rt { font-size: 0.5em; }
.upright { text-combine-upright: all; -webkit-text-combine: horizontal; -epub-text-combine: horizontal; }
p.source { text-indent: 0; font-size: 0.85em; opacity: 0.7; margin-top: 2em; }
`;
  const container = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles>
<rootfile full-path="OEBPS/package.opf" media-type="application/oebps-package+xml"/>
</rootfiles>
</container>
`;
  return [
    { name: 'mimetype', text: 'application/epub+zip' },
    { name: 'META-INF/container.xml', text: container },
    { name: 'OEBPS/package.opf', text: opf },
    { name: 'OEBPS/nav.xhtml', text: nav },
    { name: 'OEBPS/style.css', text: style },
    ...chapters.map((c) => ({ name: `OEBPS/${c.name}`, text: c.text })),
  ];
}

export function buildEpub(book: EpubBook): Uint8Array<ArrayBuffer> {
  const encoder = new TextEncoder();
  return zipStored(epubFiles(book).map((file) => ({ name: file.name, data: encoder.encode(file.text) })));
}
