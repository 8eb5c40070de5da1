import { describe, expect, it } from 'vitest';
import { normalizeLanguage, pickFromAcceptLanguage } from './languages';

describe('language detection (SPEC.md section 9)', () => {
  it.each([
    ['zh-TW', 'zh-TW'],
    ['zh-HK', 'zh-TW'],
    ['zh-MO', 'zh-TW'],
    ['zh-Hant-TW', 'zh-TW'],
    ['zh-CN', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['zh-SG', 'zh-CN'],
    ['en', 'en'],
    ['en-US', 'en'],
    ['EN-gb', 'en'],
    ['ko', 'ko'],
    ['ko-KR', 'ko'],
    ['ja', 'ja'],
    ['ja-JP', 'ja'],
    ['fr-FR', null],
    ['', null],
  ])('%s → %s', (tag, expected) => {
    expect(normalizeLanguage(tag)).toBe(expected);
  });

  it('picks the highest-quality supported language from Accept-Language', () => {
    expect(pickFromAcceptLanguage('fr-FR,fr;q=0.9,ja;q=0.8,en;q=0.7')).toBe('ja');
    expect(pickFromAcceptLanguage('en;q=0.2, ko;q=0.9')).toBe('ko');
    expect(pickFromAcceptLanguage('zh-HK,zh;q=0.9')).toBe('zh-TW');
    expect(pickFromAcceptLanguage('de, fr')).toBeNull();
    expect(pickFromAcceptLanguage('ja;q=0, en')).toBe('en');
    expect(pickFromAcceptLanguage(undefined)).toBeNull();
  });
});
