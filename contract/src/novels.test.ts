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

  it('counts words in Latin text and characters in CJK text', () => {
    expect(wordCount('The rain, it fell — twice.')).toBe(5);
    expect(wordCount('雨下了一整夜。')).toBe(6);
    expect(wordCount('「おはよう」と彼は言った。')).toBe(10);
    expect(wordCount('비가 왔다.')).toBe(4);
    expect(wordCount("Ines's 34 years")).toBe(3);
    expect(wordCount('   \n  ')).toBe(0);
  });
});
