import { LANGUAGES } from '@butterfic/contract/client';
import { describe, expect, it } from 'vitest';
import { paths } from '../../lib/paths';
import { OPERATOR_FIELDS, parseInline, plainText, shown, type PolicyValues } from './content/inline';
import { POLICY_DOCS, SECTION_IDS, type PolicyText } from './content/types';

const TEXTS = import.meta.glob<PolicyText>('./content/*/*.json', { eager: true, import: 'default' });
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
  ...(t.footer ?? []),
];
const section = (t: PolicyText, id: string) => strings({ lead: [], sections: t.sections.filter((s) => s.id === id) }).join('\n');
const values = { email: 'rights@fic.example', minAge: 13 };

describe('inline markup of the policy texts', () => {
  it('fills in the address and the age, and knows bold and in-app links', () => {
    expect(parseInline('Write to {{email}} if you are **{{minAge}}+**… see [the rules](/user-agreement).')).toEqual([
      { kind: 'text', text: 'Write to ' },
      { kind: 'email' },
      { kind: 'text', text: ' if you are ' },
      { kind: 'strong', children: [{ kind: 'minAge' }, { kind: 'text', text: '+' }] },
      { kind: 'text', text: '… see ' },
      { kind: 'link', text: 'the rules', to: '/user-agreement' },
      { kind: 'text', text: '.' },
    ]);
    expect(plainText('**At least {{minAge}}**; mail {{email}}.', values)).toBe('At least 13; mail rights@fic.example.');
  });

  it('leaves HTML, unknown placeholders and links out of the app as plain text', () => {
    for (const hostile of [
      '<img src=x onerror=alert(1)>',
      '<script>alert(1)</script>',
      '[click](javascript:alert(1))',
      '[away](https://evil.example/)',
      '[proto](//evil.example/)',
      '{{constructor}}',
    ])
      expect(parseInline(hostile)).toEqual([{ kind: 'text', text: hostile }]);
  });
});

describe('the policy texts in every language', () => {
  const appPaths = new Set<string>(Object.values(paths).filter((p) => typeof p === 'string'));

  it.each(LANGUAGES.flatMap((language) => POLICY_DOCS.map((doc) => [language, doc] as const)))(
    '%s %s has the same sections as English, and only the markup the page understands',
    (language, doc) => {
      const t = text(language, doc);
      expect(t.sections.map((s) => s.id)).toEqual(SECTION_IDS[doc]);
      expect(t.lead.length).toBeGreaterThan(0);
      for (const s of strings(t)) {
        expect(s.trim()).not.toBe('');
        expect(s).not.toMatch(/<\/?[a-z]/i);
        for (const [, name] of s.matchAll(/\{\{(\w*)\}\}/g)) expect(['email', 'minAge', ...Object.keys(OPERATOR_FIELDS)]).toContain(name);
        expect(s.split('**').length % 2, `unbalanced ** in: ${s}`).toBe(1);
        for (const token of parseInline(s)) if (token.kind === 'link') expect(appPaths).toContain(token.to);
      }
    },
  );

  it.each(LANGUAGES)('%s agreement states the minimum age, the takedown address and the 24-hour promise', (language) => {
    const t = text(language, 'agreement');
    expect(section(t, 'legal-duties')).toContain('{{minAge}}');
    expect(section(t, 'your-creations')).toContain('{{email}}');
    expect(section(t, 'your-creations')).toMatch(/24/);
    expect(section(t, 'privacy')).toMatch(/Stripe/);
    const about = text(language, 'about');
    expect(section(about, 'contact')).toContain('{{email}}');
    expect(about.footer?.length).toBeGreaterThan(0);
  });

  it('says in Simplified Chinese that the address entered at recharge is used only for tax', () => {
    expect(section(text('zh-CN', 'agreement'), 'privacy')).toContain('充值时填写的地址仅用于计算税费');
  });
});

describe('who runs the service, refunds and each market\'s notices', () => {
  const unset: PolicyValues = { email: 'rights@fic.example', minAge: 13, operator: {} };
  const set: PolicyValues = {
    ...unset,
    operator: {
      operatorName: 'Butterfic Ltd',
      operatorAddress: '1 Quay Street, Dublin',
      operatorEmail: 'hello@fic.example',
      governingLaw: 'the laws of Ireland',
      companyNumber: null,
      privacyContact: 'privacy@fic.example',
    },
  };

  it('shows an unset setting as the variable to set, and leaves out a sentence naming an unset optional one', () => {
    expect(plainText('Run by {{operatorName}}, {{operatorAddress}}.', unset)).toBe('Run by [OPERATOR_NAME], [OPERATOR_ADDRESS].');
    expect(plainText('Run by {{operatorName}}, {{operatorAddress}}.', set)).toBe('Run by Butterfic Ltd, 1 Quay Street, Dublin.');
    expect(shown('Company registration number: {{companyNumber}}.', set)).toBe(false);
    expect(shown('Company registration number: {{companyNumber}}.', { ...set, operator: { companyNumber: 'IE 1' } })).toBe(true);
    expect(shown('Run by {{operatorName}}.', unset)).toBe(true);
  });

  it.each(LANGUAGES)('%s agreement names the operator, the governing law, refunds, processors and the privacy contact', (language) => {
    const t = text(language, 'agreement');
    const operator = section(t, 'operator');
    for (const field of ['operatorName', 'operatorAddress', 'operatorEmail', 'governingLaw', 'companyNumber'])
      expect(operator).toContain(`{{${field}}}`);
    expect(section(t, 'refunds')).toContain('{{operatorEmail}}');
    expect(section(t, 'refunds')).toMatch(/14/);
    const privacy = section(t, 'privacy');
    expect(privacy).toContain('{{privacyContact}}');
    expect(privacy).toMatch(/Stripe/);
    expect(privacy).toMatch(/AI/);
  });

  it('has the Korean privacy officer and transfer abroad, and the Chinese guardian consent under 14', () => {
    const ko = section(text('ko', 'agreement'), 'privacy');
    expect(ko).toContain('개인정보 보호책임자');
    expect(ko).toContain('국외 이전');
    expect(ko).toContain('{{krPrivacyOfficer}}');
    const zh = section(text('zh-CN', 'agreement'), 'privacy');
    expect(zh).toContain('14 周岁');
    expect(zh).toContain('监护人');
    // Only in the language whose law asks for it.
    expect(section(text('en', 'agreement'), 'privacy')).not.toContain('guardian');
  });
});

describe('the Japanese commerce-law page', () => {
  const t = text('ja', 'commerce');

  it('lists what 特定商取引法 asks, with the operator settings and only links into the app', () => {
    expect(t.sections.map((s) => s.id)).toEqual(SECTION_IDS.commerce);
    const rows = t.sections.flatMap((s) => s.blocks.flatMap((b) => ('dl' in b ? b.dl : [])));
    const terms = rows.map(([term]) => term);
    for (const term of ['販売事業者', '代表者・運営責任者', '所在地', '電話番号', 'メールアドレス', '販売価格', '商品代金以外の必要料金', 'お支払い方法', 'お支払いの時期', '商品の引渡時期', '返品・キャンセル'])
      expect(terms).toContain(term);
    const row = (term: string) => rows.find(([t]) => t === term)?.[1] ?? '';
    expect(row('代表者・運営責任者')).toBe('{{representative}}');
    expect(row('販売価格')).toContain('税込');
    for (const brand of ['Visa', 'Mastercard', 'JCB', 'American Express']) expect(row('お支払い方法')).toContain(brand);
    // The pass is in the return clause too, not only Butter.
    expect(row('返品・キャンセル')).toContain('使い放題パス');
    // The price table is the one of the contract, in yen with tax included.
    const prices = t.sections.flatMap((s) => s.blocks.flatMap((b) => ('prices' in b ? [b.prices] : [])));
    expect(prices).toEqual([expect.objectContaining({ currency: 'jpy', suffix: '（税込）' })]);
    const all = strings(t).join('\n');
    for (const field of ['operatorName', 'operatorAddress', 'operatorEmail']) expect(all).toContain(`{{${field}}}`);
    const appPaths = new Set<string>(Object.values(paths).filter((p) => typeof p === 'string'));
    for (const s of strings(t)) for (const token of parseInline(s)) if (token.kind === 'link') expect(appPaths).toContain(token.to);
  });

  it('leaves out the company number row while it is unset', () => {
    const row = t.sections[0]!.blocks.flatMap((b) => ('dl' in b ? b.dl : [])).find(([term]) => term === '法人番号')!;
    expect(shown(row[1], { email: 'x@y.z', minAge: 13, operator: {} })).toBe(false);
    expect(shown(row[1], { email: 'x@y.z', minAge: 13, operator: { companyNumber: '1234567890123' } })).toBe(true);
  });
});
