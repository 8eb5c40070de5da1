import { LANGUAGES, MIN_AGE_FLOOR, minAgeFor, type Language } from '@butterfic/contract/client';
import { describe, expect, it } from 'vitest';
import { OPERATOR_FIELDS, plainText, type PolicyValues } from './content/inline';
import { SECTION_IDS, type PolicyText } from './content/types';

/**
 * Issue 48: one minimum age per market, stated the same in the policy texts and the sign-up checkbox, and each
 * market's items from the operator settings (placeholders while unset).
 */
const TEXTS = import.meta.glob<PolicyText>('./content/*/*.json', { eager: true, import: 'default' });
const COMMON = import.meta.glob<{ login: { agreement: string } }>('../../locales/*/common.json', { eager: true, import: 'default' });
const MARKETS = import.meta.glob<{ markets: Record<string, unknown> }>('../../locales/*/markets.json', { eager: true, import: 'default' });

const text = (language: string, doc: string): PolicyText => {
  const found = TEXTS[`./content/${language}/${doc}.json`];
  if (!found) throw new Error(`missing content/${language}/${doc}.json`);
  return found;
};
const strings = (t: PolicyText): string[] => [
  ...t.lead,
  ...t.sections.flatMap((s) => [
    s.heading,
    ...s.blocks.flatMap((b) => ('p' in b ? [b.p] : 'ul' in b ? b.ul : 'dl' in b ? b.dl.flat() : [b.prices.suffix])),
  ]),
];
const section = (t: PolicyText, id: string) => strings({ lead: [], sections: t.sections.filter((s) => s.id === id) }).join('\n');
const valuesFor = (language: Language, ages?: Partial<Record<Language, number>>): PolicyValues => ({
  email: 'rights@fic.example',
  minAge: minAgeFor(language, ages),
  operator: {},
});

/** Every age a text states, by how each language writes one (an adult age included). */
const AGE_PATTERNS: Record<Language, RegExp> = {
  en: /\b(\d{1,2})(?= years old|\+| or older)/g,
  'zh-CN': /(\d{1,2})\s*周岁/g,
  'zh-TW': /(\d{1,2})\s*歲/g,
  ko: /(\d{1,2})세/g,
  ja: /(\d{1,2})歳/g,
};
/** The adult age each language names (decision 0024): the only other age a text may state. */
const ADULT: Record<Language, number> = { en: 18, 'zh-CN': 18, 'zh-TW': 18, ko: 19, ja: 18 };
const agesIn = (language: Language, shown: string) => [...shown.matchAll(AGE_PATTERNS[language])].map((m) => Number(m[1]));

describe('one minimum age per market', () => {
  it('is 14 in Korea and mainland China, 13 elsewhere, raised by the server but never below the floor', () => {
    expect(LANGUAGES.map((l) => minAgeFor(l, null))).toEqual([13, 14, 13, 14, 13]);
    expect(minAgeFor('ko', { ko: 16 })).toBe(16);
    expect(minAgeFor('ko', { ko: 13 })).toBe(14);
    expect(MIN_AGE_FLOOR.ko).toBe(14);
  });

  it.each(LANGUAGES)('%s: the agreement and the sign-up checkbox state the same age, whatever the setting', (language) => {
    const checkbox = COMMON[`../../locales/${language}/common.json`]!.login.agreement;
    expect(checkbox).toContain('{{minAge}}');
    expect(checkbox.replace('{{minAge}}', '')).not.toMatch(/\d/);
    for (const ages of [undefined, { [language]: 16 }]) {
      const values = valuesFor(language, ages);
      const docs = language === 'ko' ? ['agreement', 'privacy'] : ['agreement'];
      for (const doc of docs) {
        const shown = strings(text(language, doc)).map((s) => plainText(s, values)).join('\n');
        // The minimum age and the adult age; the law's age in Korea and mainland China is that market's floor.
        const allowed = new Set([values.minAge, ADULT[language], MIN_AGE_FLOOR[language]]);
        const stated = agesIn(language, shown);
        expect(stated.filter((age) => !allowed.has(age)), `${language} ${doc}`).toEqual([]);
        expect(stated).toContain(values.minAge);
      }
    }
  });

  it('says 만 14세, not 13, in the Korean texts and checkbox by default', () => {
    const values = valuesFor('ko');
    const agreement = strings(text('ko', 'agreement')).map((s) => plainText(s, values)).join('\n');
    expect(agreement).toContain('만 14세 이상만 이용할 수 있습니다');
    expect(agreement).not.toMatch(/만 13세/);
    expect(COMMON['../../locales/zh-CN/common.json']!.login.agreement.replace('{{minAge}}', String(minAgeFor('zh-CN', null)))).toContain(
      '年满 14 周岁',
    );
  });
});

describe("each market's items, from the operator settings", () => {
  const placeholders = (shown: string) => [...shown.matchAll(/\[([A-Z_]+)\]/g)].map((m) => m[1]);
  const shownAll = (language: string, doc: string) =>
    strings(text(language, doc))
      .map((s) => plainText(s, valuesFor(language as Language)))
      .join('\n');

  it('Korea: a separate 개인정보 처리방침 with the items of 개인정보 보호법 art. 30, the business details and 본인인증', () => {
    const privacy = text('ko', 'privacy');
    expect(privacy.sections.map((s) => s.id)).toEqual(SECTION_IDS.privacy);
    const shown = shownAll('ko', 'privacy');
    for (const words of ['처리 목적', '처리하는 개인정보의 항목', '보유 기간', '제3자 제공', '위탁', '국외 이전', '파기', '권리', '안전성 확보', '개인정보 보호책임자', '쿠키', '본인인증', '사업자등록번호', '통신판매업 신고번호', 'IP 주소', '필명'])
      expect(shown).toContain(words);
    expect(placeholders(shown)).toEqual(
      expect.arrayContaining(['KR_BUSINESS_NUMBER', 'KR_MAIL_ORDER_NUMBER', 'KR_PRIVACY_OFFICER', 'OPERATOR_REPRESENTATIVE', 'OPERATOR_PHONE']),
    );
    expect(section(text('ko', 'agreement'), 'operator')).toContain('{{krMailOrderNumber}}');
    expect(section(text('ko', 'agreement'), 'legal-duties')).toContain('(/legal/privacy-ko)');
  });

  it('Taiwan: the notice items of 個人資料保護法 §8, 統一編號, and the §19 rule on cooling-off', () => {
    const privacy = section(text('zh-TW', 'agreement'), 'privacy');
    for (const words of ['第 8 條', '蒐集目的', '個人資料類別', '利用期間', '利用地區', '利用對象', '利用方式', '你的權利', '不提供的影響'])
      expect(privacy).toContain(words);
    expect(section(text('zh-TW', 'agreement'), 'operator')).toContain('{{twBusinessNumber}}');
    expect(section(text('zh-TW', 'agreement'), 'refunds')).toContain('第 19 條');
  });

  it('mainland China: the scope, 境内代表, 单独同意 for transfers abroad, 统一社会信用代码', () => {
    const t = text('zh-CN', 'agreement');
    expect(section(t, 'legal-duties')).toContain('适用范围');
    expect(section(t, 'privacy')).toContain('单独勾选同意');
    expect(section(t, 'privacy')).toContain('{{cnRepresentative}}');
    expect(section(t, 'operator')).toContain('{{cnCreditCode}}');
    expect(shownAll('zh-CN', 'agreement')).toContain('[CN_REPRESENTATIVE]');
  });

  it.each(LANGUAGES)('%s: the privacy list names what is kept: pen names, reporters’ IP and e-mail, device storage', (language) => {
    const privacy = section(text(language, 'agreement'), 'privacy');
    const words: Record<Language, string[]> = {
      en: ['pen name', 'IP address', 'e-mail address you give', 'local storage', 'no cookies'],
      'zh-CN': ['笔名', 'IP 地址', '回复邮箱', '本地存储', 'Cookie'],
      'zh-TW': ['筆名', 'IP 位址', '回覆電子郵件地址', '本機儲存空間', 'Cookie'],
      ko: ['필명', 'IP 주소', '회신받을 이메일 주소', '로컬 저장소', '쿠키'],
      ja: ['ペンネーム', 'IP アドレス', '返信先', 'ローカルストレージ', 'Cookie'],
    };
    for (const w of words[language]) expect(privacy).toContain(w);
    // The privacy section is not the last one any more: no lead calls it that.
    expect(text(language, 'agreement').lead.join('')).not.toMatch(/last section|最后一节|最後一節|마지막 항목|最後の章/);
  });

  it('every market setting the texts name is one the page knows', () => {
    for (const doc of Object.keys(TEXTS))
      for (const s of strings(TEXTS[doc]!))
        for (const [, name] of s.matchAll(/\{\{(\w*)\}\}/g)) expect(['email', 'minAge', ...Object.keys(OPERATOR_FIELDS)]).toContain(name);
    for (const language of LANGUAGES) expect(Object.keys(MARKETS[`../../locales/${language}/markets.json`]!.markets).sort()).toEqual(Object.keys(MARKETS['../../locales/en/markets.json']!.markets).sort());
  });
});
