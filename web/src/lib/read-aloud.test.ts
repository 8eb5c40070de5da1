import { describe, expect, it } from 'vitest';
import { isCantonese, isSpoken, utterances, voicesFor } from './read-aloud';

/** What each voice says, as [kind, text] pairs. */
const said = (paragraph: string) => utterances(paragraph).map((u) => [u.kind === 'dialogue' ? 'D' : 'N', u.text]);

describe('read-aloud: narration and dialogue on the language’s own quotation marks', () => {
  it('ja: 「」 and 『』, a quote inside a quote staying in its line', () => {
    expect(said('「大丈夫？」とトマスは聞いた。イネスは『灯台の歌』を口ずさんだ。')).toEqual([
      ['D', '「大丈夫？」'],
      ['N', 'とトマスは聞いた。'],
      ['N', 'イネスは'],
      ['D', '『灯台の歌』'],
      ['N', 'を口ずさんだ。'],
    ]);
    expect(said('「母は『帰れ』と言った。でも帰らない」')).toEqual([
      ['D', '「母は『帰れ』と言った。'],
      ['D', 'でも帰らない」'],
    ]);
  });

  it('zh-TW: 「」, and zh-CN: “” and ‘’', () => {
    expect(said('「你還好嗎？」托馬斯問。她沒有回答。')).toEqual([
      ['D', '「你還好嗎？」'],
      ['N', '托馬斯問。'],
      ['N', '她沒有回答。'],
    ]);
    expect(said('“你还好吗？”托马斯问。她说：‘别担心。’')).toEqual([
      ['D', '“你还好吗？”'],
      ['N', '托马斯问。'],
      ['N', '她说：'],
      ['D', '‘别担心。’'],
    ]);
  });

  it('ko: “” for speech and ‘’ for thoughts', () => {
    expect(said('“괜찮아요?” 토마스가 물었다. ‘괜찮지 않아.’ 이네스는 생각했다.')).toEqual([
      ['D', '“괜찮아요?”'],
      ['N', '토마스가 물었다.'],
      ['D', '‘괜찮지 않아.’'],
      ['N', '이네스는 생각했다.'],
    ]);
  });

  it('en: curly and straight quotes, apostrophes left inside words', () => {
    expect(said('“Don’t go,” Ines said. Tomas’s hands shook. "It’s only rain." She didn\'t move.')).toEqual([
      ['D', '“Don’t go,”'],
      ['N', 'Ines said.'],
      ['N', 'Tomas’s hands shook.'],
      ['D', '"It’s only rain."'],
      ['N', "She didn't move."],
    ]);
    expect(said("He called it ‘the lamp’, and rock'n'roll played.")).toEqual([
      ['N', 'He called it'],
      ['D', '‘the lamp’'],
      ['N', ", and rock'n'roll played."],
    ]);
  });

  it('keeps offsets that point back into the paragraph, and leaves an unclosed quote as dialogue', () => {
    const paragraph = 'She said, “wait… for me';
    const pieces = utterances(paragraph);
    for (const u of pieces) expect(paragraph.slice(u.start, u.end)).toBe(u.text);
    expect(pieces.map((u) => u.kind)).toEqual(['narration', 'dialogue', 'dialogue']);
    expect(utterances('……')).toEqual([]);
  });
});

describe('voices for a story', () => {
  const voices = [
    { name: 'Kyoko', lang: 'ja-JP' },
    { name: 'Mei-Jia', lang: 'zh-TW' },
    { name: 'Sin-ji', lang: 'zh-HK' },
    { name: 'Tingting', lang: 'zh-CN' },
    { name: 'Daniel', lang: 'en-GB' },
    { name: 'Samantha', lang: 'en-US' },
  ];
  it('picks the language’s voices, the exact region first, and none for a language without one', () => {
    expect(voicesFor(voices, 'ja').map((v) => v.name)).toEqual(['Kyoko']);
    expect(voicesFor(voices, 'zh-TW').map((v) => v.name)).toEqual(['Mei-Jia']);
    expect(voicesFor(voices, 'en').map((v) => v.name)).toEqual(['Daniel', 'Samantha']);
    expect(voicesFor(voices, 'ko')).toEqual([]);
  });
});

describe('what is read aloud (issue 48)', () => {
  it('reads a ruby’s reading once, instead of its base, and never the parentheses', () => {
    // <ruby>本気<rp>(</rp><rt>マジ</rt><rp>)</rp></ruby>だ: the text nodes in order, and which are said.
    const nodes = [
      { text: '本気', inRuby: true, inRt: false, inRp: false },
      { text: '(', inRuby: true, inRt: false, inRp: true },
      { text: 'マジ', inRuby: true, inRt: true, inRp: false },
      { text: ')', inRuby: true, inRt: false, inRp: true },
      { text: 'だ。', inRuby: false, inRt: false, inRp: false },
    ];
    expect(nodes.filter(isSpoken).map((n) => n.text).join('')).toBe('マジだ。');
  });

  it('never reads Mandarin text with a Cantonese voice, falling back to another Mandarin one', () => {
    const voices = [
      { name: 'Sin-ji', lang: 'zh-HK' },
      { name: 'Google 粵語（香港）', lang: 'yue-HK' },
      { name: 'Cantonese', lang: 'zh' },
      { name: 'Tingting', lang: 'zh-CN' },
    ];
    expect(voicesFor(voices, 'zh-TW').map((v) => v.name)).toEqual(['Tingting']);
    expect(voicesFor(voices, 'zh-CN').map((v) => v.name)).toEqual(['Tingting']);
    expect(voicesFor(voices.slice(0, 3), 'zh-TW')).toEqual([]);
    expect(isCantonese({ lang: 'zh_HK' })).toBe(true);
    expect(isCantonese({ lang: 'zh-Hant-HK' })).toBe(true);
    expect(isCantonese({ lang: 'zh-TW' })).toBe(false);
  });
});
