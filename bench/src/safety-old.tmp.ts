import type { Language } from '@butterfic/contract';
import { check } from '../../server/src/old-safety-tmp/detect';
import type { Figure } from './lists';
import { medianMs } from './timing';

/**
 * Issue 28: the safety check of a 200,000-character text (the longest post), in four scripts, beside
 * the cheapest full read of the same text (NFKC normalisation plus one regular-expression scan), timed
 * in the same run. Median of 15 runs after 3 warm-ups. The text is ordinary prose that matches nothing,
 * so every pattern reads it to the end (the worst case; a refusal stops at its first match).
 */
const SAMPLES: Record<string, { language: Language; prose: string }> = {
  en: {
    language: 'en',
    prose: 'The harbour lights came on one by one, and Ines, thirty-four, counted the boats coming home before the storm. ',
  },
  zh: { language: 'zh-CN', prose: '港口的灯一盏一盏亮起来，三十四岁的伊内丝在暴风雨来临之前数着回港的船只。她想起了那年冬天的海。' },
  ja: { language: 'ja', prose: '港の灯りがひとつずつ灯り、三十四歳のイネスは嵐の前に帰ってくる船を数えていた。あの冬の海を思い出す。' },
  ko: {
    language: 'ko',
    prose: '항구의 불빛이 하나둘 켜지고, 서른네 살의 이네스는 폭풍이 오기 전에 돌아오는 배들을 세었다. 그해 겨울 바다가 떠올랐다. ',
  },
};

export function runSafety(print: (name: string, figure: Figure) => void): void {
  for (const [name, { language, prose }] of Object.entries(SAMPLES)) {
    const text = prose.repeat(Math.ceil(200_000 / prose.length)).slice(0, 200_000);
    const verdict = check(text, { language, rating: 'adult' });
    if (!verdict.allowed) throw new Error(`the ${name} bench text was refused (${verdict.match}): it must match nothing`);
    const checkMs = medianMs(() => check(text, { language, rating: 'adult' }));
    const baselineMs = medianMs(() => {
      for (const _ of text.normalize('NFKC').matchAll(/\p{Nd}+/gu));
    });
    print(`safety_check_200k_${name}`, { check_ms: checkMs.toFixed(1), baseline_nfkc_scan_ms: baselineMs.toFixed(1) });
  }
}
