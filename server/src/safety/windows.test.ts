import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { check, checkByWholeScans, type CheckOptions } from './detect';
import { de } from './lexicon/de';
import { en } from './lexicon/en';
import { ja } from './lexicon/ja';
import { ko } from './lexicon/ko';
import { es, fr, pt } from './lexicon/romance';
import { ru } from './lexicon/ru';
import { zhCN } from './lexicon/zh-CN';
import { zhTW } from './lexicon/zh-TW';
import { survey } from './literals';
import { foldPattern, normalize } from './normalize';
import { planOf, scan } from './windows';

const LEXICONS = [en, fr, es, pt, de, ru, zhCN, zhTW, ja, ko];
const patterns = LEXICONS.flatMap((lexicon) =>
  [
    ...lexicon.ages.map((frame) => frame.pattern),
    ...lexicon.minor,
    ...(lexicon.minorOwnLanguage ?? []),
    ...(lexicon.near ?? []),
    ...lexicon.sexual,
  ].map(
    (source) => new RegExp(foldPattern(source), 'gu'),
  ),
);

/** Every phrase of the case tables, folded as the check reads them. */
const raw = readdirSync(new URL('./cases/', import.meta.url)).flatMap((file) =>
  Object.values(JSON.parse(readFileSync(new URL(`./cases/${file}`, import.meta.url), 'utf8')) as Record<string, string[]>).flat(),
);
const phrases = raw.map(normalize);

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
  // Dense texts: a short sentence over and over, its anchors apart, so many stretches are run that the rest is scanned whole.
  for (const dense of [
    '她今年三十四岁了。',
    '三十四歳の港町で、',
    '서른네 살의 항구, ',
    '她十五岁。港口的灯',
    '十八岁以下的船只，',
    '열다섯 살 소녀의 배',
  ]) {
    out.push(dense.repeat(Math.ceil(6000 / dense.length)));
  }
  return out;
}

describe('scanning around anchors', () => {
  it('plans the counter-led age patterns of Chinese, Japanese and Korean (they are read only around 岁, 歳, 살)', () => {
    const planned = (lexicon: { ages: { pattern: string }[] }) =>
      lexicon.ages.filter((frame) => planOf(new RegExp(foldPattern(frame.pattern), 'gu')));
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
        // The same with the anchors and guards of the text's survey (literals.ts), as the check scans.
        const surveyed = [...scan(text, pattern, plan, new Map(), survey(text))].map((m) => [m.index, m[0], m.groups?.n]);
        expect(surveyed, `${pattern.source} on ${text.slice(0, 40)} (surveyed)`).toEqual(whole);
      }
    }
  });
});

/** Cyrillic and Greek look-alikes of Latin letters (the skeleton folds them back). */
const LOOK_ALIKES: Record<string, string> = { a: 'а', e: 'е', o: 'о', i: 'і', s: 'ѕ', c: 'с', p: 'р' };
/** The ways a writer hides a phrase: look-alike letters, letters spaced out, a line break for a space, full-width forms. */
const DISGUISES: ((phrase: string) => string)[] = [
  (p) => p,
  (p) => p.replace(/[aeoiscp]/gu, (c) => LOOK_ALIKES[c] ?? c),
  (p) => [...p].join(' '),
  (p) => p.replace(/ /gu, '\n'),
  (p) => p.normalize('NFKC').replace(/[!-~]/gu, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)),
  (p) => p.replace(/(\S) (\S)/u, '$1\u200b $2'),
];
const LANGUAGES: CheckOptions['language'][] = ['en', 'zh-CN', 'zh-TW', 'ja', 'ko'];

describe('the check with its shortcuts and without', () => {
  it('gives the verdict of every pattern run over the whole text, on long texts with phrases anywhere', () => {
    const PROSE_RAW = [
      '港口的灯一盏一盏亮起来，三十四岁的伊内丝在暴风雨来临之前数着回港的船只。\n',
      '港の灯りがひとつずつ灯り、三十四歳のイネスは嵐の前に帰ってくる船を数えていた。',
      '항구의 불빛이 하나둘 켜지고, 서른네 살의 이네스는 배들을 세었다.\n',
      'The harbour lights came on one by one, and Ines, thirty-four, counted the boats. ',
    ];
    const wrong: string[] = [];
    let refused = 0;
    let n = 0;
    for (let k = 0; k < 90; k++) {
      const prose = PROSE_RAW[k % PROSE_RAW.length]!;
      const disguise = DISGUISES[k % DISGUISES.length]!;
      const phrase = (i: number) => disguise(raw[(k * 53 + i * 17) % raw.length]!);
      // A phrase at the very start, one cut by nothing from the prose (a window's edge), one at the very end.
      const text =
        (k % 3 === 0 ? phrase(0) : '') +
        prose.repeat(1 + (k % 5)) +
        phrase(1) +
        prose.slice(0, 3 + (k % 11)) +
        phrase(2) +
        prose.repeat(k % 4) +
        (k % 3 === 2 ? phrase(3) : '');
      const language = LANGUAGES[k % LANGUAGES.length]!;
      for (const rating of ['adult', 'general'] as const) {
        for (const extra of [{}, { partial: true }, { newFrom: Math.floor(text.length / 2) }]) {
          const options: CheckOptions = { language, rating, ...extra };
          const fast = check(text, options);
          const whole = checkByWholeScans(text, options);
          n += 1;
          if (!fast.allowed) refused += 1;
          if (JSON.stringify(fast) !== JSON.stringify(whole))
            wrong.push(
              `${JSON.stringify(options)} ${JSON.stringify(text.slice(0, 80))}: ${JSON.stringify(fast)} ≠ ${JSON.stringify(whole)}`,
            );
        }
      }
    }
    expect(wrong).toEqual([]);
    // The texts hold refused phrases and allowed ones alike.
    expect(refused).toBeGreaterThan(n / 5);
    expect(refused).toBeLessThan(n);
  });
});
