import { describe, expect, it } from 'vitest';
import { formatInputParams, novelTitle, parseInputParams, wordCount } from './novels';

describe('novel helpers', () => {
  it('titles a novel with the first 12 characters of the plot, never cutting a character', () => {
    expect(novelTitle({ plot: 'A storm strands them on the island', char_a_name: 'A', char_b_name: 'B' })).toBe('A storm stra');
    expect(novelTitle({ plot: '暴风雨把他们困在了一座灯塔上，直到天亮', char_a_name: 'A', char_b_name: 'B' })).toBe(
      '暴风雨把他们困在了一座灯',
    );
    expect(novelTitle({ plot: '🌊🌊🌊 태풍이 몰아치는 밤, 두 사람은', char_a_name: 'A', char_b_name: 'B' })).toBe('🌊🌊🌊 태풍이 몰아치는');
    expect(novelTitle({ plot: '  ', char_a_name: 'Ines', char_b_name: 'Tomas' })).toBe('Ines × Tomas');
  });

  it('writes and reads the quoted-dictionary input_params', () => {
    const params = {
      char_a_name: "O'Neil",
      char_a_setting: 'says "hi"\nand leaves',
      char_b_name: '林',
      char_b_setting: 'a\\b',
      plot: '雨夜',
    };
    const text = formatInputParams(params);
    expect(text.startsWith("{'char_a_name': 'O\\'Neil'")).toBe(true);
    expect(parseInputParams(text)).toEqual(params);
    expect(parseInputParams('{"char_a_name": "A", "plot": "P", "other": "x"}')).toEqual({ char_a_name: 'A', plot: 'P' });
  });

  it('counts words in Latin text and characters, no spaces, in CJK text (Word: "Characters (no spaces)")', () => {
    expect(wordCount('The rain, it fell — twice.')).toBe(5);
    expect(wordCount("Ines's 34 years")).toBe(3);
    expect(wordCount('a well-known  story')).toBe(3);
    // 字数: every character but spaces and line breaks, full-width punctuation included.
    expect(wordCount('雨下了一整夜。')).toBe(7);
    expect(wordCount('雨下了\n\n一整夜，她没睡。')).toBe(11);
    expect(wordCount('「おはよう」と彼は言った。')).toBe(13);
    expect(wordCount('｜漢字《かんじ》')).toBe(8);
    // 글자 수 (공백 제외): the space does not count, the period does.
    expect(wordCount('비가 왔다.')).toBe(5);
    // Latin letters and digits inside CJK text count one by one, as Word's character count does.
    expect(wordCount('她在 Tokyo 住了 3 年。')).toBe(12);
    // An English story quoting one kanji is still counted in words.
    expect(wordCount('She wrote 雨 on the glass, twice.')).toBe(7);
    expect(wordCount('𠮷野家で')).toBe(4);
    expect(wordCount('   \n  ')).toBe(0);
    expect(wordCount('')).toBe(0);
  });
});
