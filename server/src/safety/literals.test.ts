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
import { meets, neededUnits, needsOf, survey } from './literals';
import { foldPattern, normalize } from './normalize';
import { planOf } from './windows';

const LEXICONS = [en, fr, es, pt, de, ru, zhCN, zhTW, ja, ko];
const patterns = LEXICONS.flatMap((lexicon) =>
  [
    ...lexicon.ages.map((frame) => frame.pattern),
    ...lexicon.minor,
    ...(lexicon.minorOwnLanguage ?? []),
    ...(lexicon.near ?? []),
    ...lexicon.sexual,
    // A gate's needs (its alternatives' needs joined; gates.test.ts tests each alternative's through `opens`).
    lexicon.gate,
  ].map((source) => new RegExp(foldPattern(source), 'gu')),
);

const phrases = readdirSync(new URL('./cases/', import.meta.url)).flatMap((file) =>
  Object.values(JSON.parse(readFileSync(new URL(`./cases/${file}`, import.meta.url), 'utf8')) as Record<string, string[]>).flat(),
);

/** The bench's prose (bench/src/safety.ts): ordinary text that matches nothing. */
const PROSE = [
  'The harbour lights came on one by one, and Ines, thirty-four, counted the boats coming home before the storm. ',
  '港口的灯一盏一盏亮起来，三十四岁的伊内丝在暴风雨来临之前数着回港的船只。她想起了那年冬天的海。',
  '港の灯りがひとつずつ灯り、三十四歳のイネスは嵐の前に帰ってくる船を数えていた。あの冬の海を思い出す。',
  '항구의 불빛이 하나둘 켜지고, 서른네 살의 이네스는 폭풍이 오기 전에 돌아오는 배들을 세었다. 그해 겨울 바다가 떠올랐다. ',
];

/** Texts as the check reads them: every table phrase, and prose with phrases set in it (at the start, in the middle, at the end). */
const texts = [
  ...phrases.map(normalize),
  ...PROSE.flatMap((prose, p) =>
    Array.from({ length: 8 }, (_, n) => {
      const at = (p * 8 + n) * 37;
      const set = phrases.slice(at, at + 6);
      return normalize(set[0] + prose.repeat(3) + set.slice(1, 5).join(prose) + prose + set[5]);
    }),
  ),
];

describe('patterns left out when a text lacks a string they need', () => {
  it('never leaves out a pattern that matches: every match holds a string of each need and a character of each needed set', () => {
    const held = texts.map((text) => survey(text));
    const wrong: string[] = [];
    let ruledOut = 0;
    for (const re of patterns) {
      const needs = needsOf(re);
      const units = neededUnits(re);
      texts.forEach((text, t) => {
        const matches = [...text.matchAll(re)];
        if (!meets(needs, held[t]!)) {
          ruledOut += 1;
          if (matches.length > 0) wrong.push(`${re.source} left out on ${text.slice(0, 60)}`);
        }
        for (const m of matches) {
          if (!needs.every((need) => need.some((s) => m[0].includes(s)))) wrong.push(`${re.source}: ${m[0]} lacks a need`);
          if (!units.every((set) => [...m[0]].some((c) => set.has(c.charCodeAt(0)))))
            wrong.push(`${re.source}: ${m[0]} lacks a needed character`);
        }
      });
    }
    expect(wrong).toEqual([]);
    // The needs do rule patterns out (or the check would run every pattern over every text).
    expect(ruledOut).toBeGreaterThan(patterns.length * texts.length * 0.5);
    // Every pattern on every text: seconds on the shared machine.
  }, 60_000);

  it('finds in one read what a search for each string finds, and where each anchor class stands', () => {
    // Working out the needs and the plans registers their strings and anchor classes for the surveys after.
    const strings = [...new Set(patterns.flatMap((re) => needsOf(re).flat()))];
    const plans = patterns.flatMap((re) => {
      const plan = planOf(re);
      return plan?.anchor && plan.slot >= 0 ? [{ slot: plan.slot, anchor: new RegExp(plan.anchor.source, 'g') }] : [];
    });
    expect(plans.length).toBeGreaterThan(5);
    const wrong: string[] = [];
    for (const text of [...texts, 'a  b', 'a \u00a0b', '']) {
      const held = survey(text);
      for (const s of strings) if (held.has(s) !== text.includes(s)) wrong.push(`${s} in ${text.slice(0, 60)}`);
      const units = new Set(Array.from({ length: text.length }, (_, i) => text.charCodeAt(i)));
      if (held.units.length !== units.size || !held.units.every((u) => units.has(u))) wrong.push(`units of ${text.slice(0, 60)}`);
      if (held.doubleSpace !== text.includes('  ')) wrong.push(`double space in ${text.slice(0, 60)}`);
      for (const { slot, anchor } of plans) {
        const at = [...text.matchAll(anchor)].map((m) => m.index);
        if (JSON.stringify(held.anchors(slot)) !== JSON.stringify(at)) wrong.push(`${anchor.source} in ${text.slice(0, 60)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
