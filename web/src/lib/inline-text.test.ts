import { describe, expect, it } from 'vitest';
import { parseInline, plainText, rubyFor } from './inline-text';

const ja = (text: string, upright = false) => parseInline(text, { ruby: 'all', upright });

describe('ruby in Japanese web-novel notation', () => {
  it('reads ｜base《reading》 with a full- or half-width bar', () => {
    expect(ja('彼は｜御伽噺《おとぎばなし》を読んだ。')).toEqual([
      { text: '彼は' },
      { base: '御伽噺', reading: 'おとぎばなし' },
      { text: 'を読んだ。' },
    ]);
    // The bar lets a base hold kana or Latin letters.
    expect(ja('|ロンドン《倫敦》')).toEqual([{ base: 'ロンドン', reading: '倫敦' }]);
  });

  it('reads kanji《reading》: the run of kanji just before the bracket is the base', () => {
    expect(ja('日本語の漢字《かんじ》と東京都《とうきょうと》')).toEqual([
      { text: '日本語の' },
      { base: '漢字', reading: 'かんじ' },
      { text: 'と' },
      { base: '東京都', reading: 'とうきょうと' },
    ]);
    expect(ja('人々《ひとびと》')).toEqual([{ base: '人々', reading: 'ひとびと' }]);
  });

  it('reads kanji(kana) and kanji（kana）, but leaves other brackets as they are', () => {
    expect(ja('灯台(とうだい)の灯（あかり）')).toEqual([
      { base: '灯台', reading: 'とうだい' },
      { text: 'の' },
      { base: '灯', reading: 'あかり' },
    ]);
    expect(ja('魔法（マジック）')).toEqual([{ base: '魔法', reading: 'マジック' }]);
    // An aside, a laugh, a number, a reading after kana: text.
    for (const text of ['そう言った（笑）', '三十四歳(34)', 'ここ(かんじ)', '雨（あめ、冷たい）', '(かんじ)'])
      expect(ja(text)).toEqual([{ text }]);
  });

  it('writes ｜《 as a literal bracket, and leaves unclosed or empty notation as text', () => {
    expect(ja('｜《ではない》')).toEqual([{ text: '《ではない》' }]);
    for (const text of ['漢字《かんじ', '｜漢字《》', '《かんじ》だけ', '漢字《\nかんじ》']) expect(ja(text)).toEqual([{ text }]);
  });

  it('never treats a Chinese book title or aside as ruby; only the explicit form elsewhere', () => {
    expect(rubyFor('zh-TW')).toBe('explicit');
    const zh = (text: string) => parseInline(text, { ruby: rubyFor('zh-TW') });
    expect(zh('她讀了《紅樓夢》（第三回）')).toEqual([{ text: '她讀了《紅樓夢》（第三回）' }]);
    expect(zh('｜憂鬱《ゆううつ》')).toEqual([{ base: '憂鬱', reading: 'ゆううつ' }]);
  });

  it('keeps markup as text: the pieces are data, not HTML', () => {
    const pieces = ja('<b>｜太字《<i>ふとじ</i>》</b>');
    expect(pieces).toEqual([{ text: '<b>' }, { base: '太字', reading: '<i>ふとじ</i>' }, { text: '</b>' }]);
    expect(plainText(pieces)).toBe('<b>太字</b>');
  });
});

describe('upright digits in vertical writing (縦中横)', () => {
  it('sets one or two Latin digits and !? pairs upright, longer numbers stay as they are', () => {
    expect(ja('彼は34歳、2026年に来た!?', true)).toEqual([
      { text: '彼は' },
      { upright: '34' },
      { text: '歳、2026年に来た' },
      { upright: '!?' },
    ]);
    expect(ja('第3章', false)).toEqual([{ text: '第3章' }]);
  });

  it('combines with ruby', () => {
    expect(ja('5人の｜魔女《まじょ》', true)).toEqual([{ upright: '5' }, { text: '人の' }, { base: '魔女', reading: 'まじょ' }]);
  });
});
