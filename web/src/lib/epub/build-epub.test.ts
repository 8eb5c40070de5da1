import { describe, expect, it } from 'vitest';
import { buildEpub } from './build-epub';
import { crc32 } from './zip';

/** Reads a stored ZIP the way a reading system does: local headers in order, then checks the central directory. */
function unzip(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const decoder = new TextDecoder();
  const entries: { name: string; method: number; extra: number; text: string; crcOk: boolean }[] = [];
  let at = 0;
  while (view.getUint32(at, true) === 0x04034b50) {
    const method = view.getUint16(at + 8, true);
    const crc = view.getUint32(at + 14, true);
    const size = view.getUint32(at + 18, true);
    const nameLength = view.getUint16(at + 26, true);
    const extra = view.getUint16(at + 28, true);
    const name = decoder.decode(bytes.subarray(at + 30, at + 30 + nameLength));
    const data = bytes.subarray(at + 30 + nameLength + extra, at + 30 + nameLength + extra + size);
    entries.push({ name, method, extra, text: decoder.decode(data), crcOk: crc32(data) === crc });
    at += 30 + nameLength + extra + size;
  }
  const end = bytes.length - 22;
  expect(view.getUint32(end, true)).toBe(0x06054b50);
  expect(view.getUint16(end + 10, true)).toBe(entries.length);
  expect(view.getUint32(end + 16, true)).toBe(at);
  return entries;
}

const book = {
  id: 'novel-1',
  title: 'Lights & <Storms>',
  author: 'Quiet Willow 482',
  language: 'ja',
  chapters: [
    { heading: '第1章', paragraphs: ['港の灯りがひとつずつ灯った。', '「手紙、まだ持っていたんだな」<b>not markup</b>'] },
    { heading: '第2章', paragraphs: ['嵐が過ぎた。｜灯台《とうだい》に12時、<i>光</i>(ひかり)'] },
    { heading: '第3章', paragraphs: ['夜明け。'] },
  ],
  source: 'Butterfic で書かれました: https://example.test/post/1',
  vertical: true,
  modified: new Date('2026-11-25T07:00:00Z'),
};

describe('the EPUB of a story', () => {
  const entries = unzip(buildEpub(book));
  const file = (name: string) => entries.find((e) => e.name === name)!.text;

  it('starts with the mimetype, stored and without an extra field, and every entry is intact', () => {
    expect(entries[0]).toMatchObject({ name: 'mimetype', method: 0, extra: 0, text: 'application/epub+zip' });
    expect(entries.every((e) => e.method === 0 && e.crcOk)).toBe(true);
  });

  it('points the container at the package, which names the language, title and pen name', () => {
    expect(file('META-INF/container.xml')).toContain('full-path="OEBPS/package.opf"');
    const opf = file('OEBPS/package.opf');
    expect(opf).toContain('<dc:language>ja</dc:language>');
    expect(opf).toContain('<dc:title>Lights &amp; &lt;Storms&gt;</dc:title>');
    expect(opf).toContain('<dc:creator>Quiet Willow 482</dc:creator>');
    expect(opf).toContain('<meta property="dcterms:modified">2026-11-25T07:00:00Z</meta>');
    expect(opf).toContain('properties="nav"');
  });

  it('reads the chapters in order, right to left when vertical, with a nav of every chapter', () => {
    const opf = file('OEBPS/package.opf');
    expect(opf).toContain('<spine page-progression-direction="rtl">');
    expect([...opf.matchAll(/<itemref idref="(c\d+)"\/>/g)].map((m) => m[1])).toEqual(['c1', 'c2', 'c3']);
    const nav = file('OEBPS/nav.xhtml');
    expect([...nav.matchAll(/<a href="([^"]+)">([^<]+)<\/a>/g)].map((m) => [m[1], m[2]])).toEqual([
      ['chapter-001.xhtml', '第1章'],
      ['chapter-002.xhtml', '第2章'],
      ['chapter-003.xhtml', '第3章'],
    ]);
    expect(file('OEBPS/style.css')).toContain('writing-mode: vertical-rl');
  });

  it('escapes the author’s text and ends with the provenance line', () => {
    const first = file('OEBPS/chapter-001.xhtml');
    expect(first).toContain('&lt;b&gt;not markup&lt;/b&gt;');
    expect(first).not.toContain('<b>');
    expect(file('OEBPS/chapter-003.xhtml')).toContain('<p class="source">Butterfic で書かれました: https://example.test/post/1</p>');
    expect(first).not.toContain('class="source"');
  });

  it('sets ruby and upright digits as markup of its own, the text around them escaped', () => {
    expect(file('OEBPS/chapter-002.xhtml')).toContain(
      '<p>嵐が過ぎた。<ruby>灯台<rp>(</rp><rt>とうだい</rt><rp>)</rp></ruby>に<span class="upright">12</span>時、&lt;i&gt;光&lt;/i&gt;(ひかり)</p>',
    );
    expect(file('OEBPS/style.css')).toContain('text-combine-upright: all');
  });

  it('leaves the page progression alone for horizontal books', () => {
    const flat = unzip(buildEpub({ ...book, language: 'en', vertical: false }));
    const opf = flat.find((e) => e.name === 'OEBPS/package.opf')!.text;
    expect(opf).toContain('<spine>');
    expect(flat.find((e) => e.name === 'OEBPS/style.css')!.text).not.toContain('vertical');
  });

  it('indents a paragraph two characters in a Chinese book and one in the others (issue 48)', () => {
    const css = (language: string) => unzip(buildEpub({ ...book, language })).find((e) => e.name === 'OEBPS/style.css')!.text;
    expect(css('zh-CN')).toContain('text-indent: 2em');
    expect(css('zh-TW')).toContain('text-indent: 2em');
    expect(css('ja')).toMatch(/^p \{[^}]*text-indent: 1em/mu);
    expect(css('en')).not.toContain('text-indent: 2em');
  });
});
