import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { de } from './lexicon/de';
import { en } from './lexicon/en';
import { ja } from './lexicon/ja';
import { ko } from './lexicon/ko';
import { es, fr, pt } from './lexicon/romance';
import { ru } from './lexicon/ru';
import { zhCN } from './lexicon/zh-CN';
import { zhTW } from './lexicon/zh-TW';
import { foldPattern, normalize } from './normalize';
import { planOf, scan } from './windows';

const LEXICONS = [en, fr, es, pt, de, ru, zhCN, zhTW, ja, ko];
const patterns = LEXICONS.flatMap((lexicon) =>
  [...lexicon.ages.map((frame) => frame.pattern), ...lexicon.minor, ...(lexicon.minorOwnLanguage ?? []), ...lexicon.sexual].map(
    (source) => new RegExp(foldPattern(source), 'gu'),
  ),
);

/** Every phrase of the case tables, folded as the check reads them. */
const phrases = readdirSync(new URL('./cases/', import.meta.url)).flatMap((file) =>
  Object.values(JSON.parse(readFileSync(new URL(`./cases/${file}`, import.meta.url), 'utf8')) as Record<string, string[]>)
    .flat()
    .map(normalize),
);

const PROSE = [
  '港口的灯一盏一盏亮起来，三十四岁的伊内丝在暴风雨来临之前数着回港的船只。',
  '港の灯りがひとつずつ灯り、三十四歳のイネスは嵐の前に帰ってくる船を数えていた。',
  '항구의 불빛이 하나둘 켜지고, 서른네 살의 이네스는 배들을 세었다. ',
  'the harbour lights came on one by one, and ines, thirty-four, counted the boats. ',
];

/** Long texts: prose with the table phrases set in it, close together and far apart, at the start and at the end. */
function texts(): string[] {
  const out: string[] = [];
  let at = 0;
  for (const prose of PROSE) {
    for (let n = 0; n < 12; n++) {
      let text = n % 3 === 0 ? phrases[at++ % phrases.length]! : '';
      while (text.length < 4000) {
        text += n % 2 === 0 ? prose : prose.slice(0, 7 + n);
        for (let k = 0; k < (n % 4) + 1; k++) text += phrases[at++ % phrases.length]!;
      }
      out.push(n % 3 === 1 ? text + phrases[at++ % phrases.length]! : text);
    }
  }
  return out;
}

describe('scanning around anchors', () => {
  it('plans the counter-led age patterns of Chinese, Japanese and Korean (they are read only around 岁, 歳, 살)', () => {
    const planned = (lexicon: { ages: { pattern: string }[] }) => lexicon.ages.filter((frame) => planOf(new RegExp(foldPattern(frame.pattern), 'gu')));
    expect(planned(zhCN).length).toBeGreaterThan(0);
    expect(planned(ja).length).toBeGreaterThan(0);
    expect(planned(ko).length).toBeGreaterThan(0);
  });

  it('finds every match of every lexicon pattern that a scan of the whole text finds, in the same order', () => {
    const all = texts();
    for (const pattern of patterns) {
      const plan = planOf(pattern);
      if (!plan) continue;
      for (const text of all) {
        const whole = [...text.matchAll(pattern)].map((m) => [m.index, m[0], m.groups?.n]);
        const windowed = [...scan(text, pattern, plan, new Map())].map((m) => [m.index, m[0], m.groups?.n]);
        expect(windowed, `${pattern.source} on ${text.slice(0, 40)}`).toEqual(whole);
      }
    }
  });
});
