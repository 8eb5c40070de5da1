import { POST_EXCERPT_LENGTH } from '@butterfic/contract';
import { describe, expect, it } from 'vitest';
import { excerpt } from './service';

/** The excerpt as defined: the whole text, whitespace collapsed, cut at whole characters. */
function reference(content: string, length = POST_EXCERPT_LENGTH): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length <= length ? flat : chars.slice(0, length).join('').trimEnd() + '…';
}

describe('excerpt of a long story', () => {
  it('reads only the opening yet equals the excerpt of the whole text', () => {
    const pieces = ['雨', 'rain ', '😀', '\n\n', '   ', '비가 ', '\t', 'a', '…'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let n = 0; n < 300; n++) {
      const size = 50 + (next() % 6000);
      let text = '';
      while (text.length < size) text += pieces[next() % pieces.length];
      expect(excerpt(text)).toBe(reference(text));
      // A cut through a story's opening lines, as a list page reads it, gives the same excerpt.
      if (text.length > 4000) expect(excerpt(text.slice(0, 4000))).toBe(reference(text));
    }
    const spaced = ' '.repeat(5000) + 'word '.repeat(10);
    expect(excerpt(spaced)).toBe(reference(spaced));
  });
});
