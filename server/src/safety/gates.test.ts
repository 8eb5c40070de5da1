import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classesIn, gateOf, opens } from './gates';
import { de } from './lexicon/de';
import { en } from './lexicon/en';
import { ja } from './lexicon/ja';
import { ko } from './lexicon/ko';
import { es, fr, pt } from './lexicon/romance';
import { ru } from './lexicon/ru';
import { zhCN } from './lexicon/zh-CN';
import { zhTW } from './lexicon/zh-TW';
import { foldPattern, normalize } from './normalize';

const texts = [
  ...readdirSync(new URL('./cases/', import.meta.url)).flatMap((file) =>
    Object.values(JSON.parse(readFileSync(new URL(`./cases/${file}`, import.meta.url), 'utf8')) as Record<string, string[]>)
      .flat()
      .map(normalize),
  ),
  '',
  'plain ascii only',
  '\u{20000}\u{20001} astral han only',
  '\u{1B001} astral hiragana',
  'jk',
  'xjk',
  '\uD800 lone surrogate',
];

describe('gates answered from one pass over the text', () => {
  it('open exactly when the gate expression matches', () => {
    for (const lexicon of [en, fr, es, pt, de, ru, zhCN, zhTW, ja, ko]) {
      const source = foldPattern(lexicon.gate);
      const gate = gateOf(source);
      const expression = new RegExp(source, 'u');
      for (const text of texts) expect(opens(gate, text, classesIn(text)), `${lexicon.language} on ${text}`).toBe(expression.test(text));
    }
    // Some 15,000 comparisons: seconds on a busy machine, more than vitest's default 5 s under CI's load.
  }, 60_000);
});
