import { describe, expect, it } from 'vitest';
import { formatButter, languageName } from './format';

describe('formatting', () => {
  it('names a language inside a sentence in the interface language, not in its own', () => {
    expect(languageName('ja', 'en')).toBe('Japanese');
    expect(languageName('zh-TW', 'en')).toBe('Traditional Chinese');
    expect(languageName('ja', 'zh-CN')).toBe('日语');
    expect(languageName('en', 'ko')).toBe('영어');
    expect(languageName('zh-CN', 'ja')).toBe('簡体中国語');
    expect(languageName('ko', 'zh-TW')).toBe('韓文');
  });

  it('shows Butter with two decimals, 0.00 when unknown', () => {
    expect(formatButter(6)).toBe('6.00');
    expect(formatButter(undefined)).toBe('0.00');
  });
});
