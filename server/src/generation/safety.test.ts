import { describe, expect, it } from 'vitest';
import { mentionsMinor } from './safety';

describe('minor detection for spicy requests', () => {
  it.each([
    'She is 16 years old and shy.',
    'a 15-year-old runaway',
    'aged 14',
    'a high school student in his first year',
    'the schoolgirl next door',
    'He is seventeen years old.',
    '她今年15岁',
    '十六歲的少年',
    '高校生の彼',
    '17살 고등학생',
    '열일곱 살의 소년',
    '未成年的他',
  ])('refuses %s', (text) => {
    expect(mentionsMinor(text)).toBe(true);
  });

  it.each([
    'She is 26 years old, a surgeon.',
    'He is 10 years older than her.',
    'They met fifteen minutes before the storm.',
    'childhood friends who reunite at thirty',
    '她今年二十一岁，是律师',
    '三十岁的调酒师',
    '스물다섯 살의 바텐더',
    '二十歳の大学生',
    'high school sweethearts, now both 32',
    'a single father of two kids, 41',
  ])('allows %s', (text) => {
    expect(mentionsMinor(text)).toBe(false);
  });
});
