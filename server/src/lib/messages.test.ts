import { readFileSync } from 'node:fs';
import type { Language } from '@butterfic/contract';
import { describe, expect, it } from 'vitest';
import { accountNoticeMail, codesPausedMail, describeContent, reportActionedMail, resetMail, takenDownMail, verificationMail } from '../mail/templates';
import { MESSAGES } from './messages';

/**
 * Issue 20: status_msg texts and mail read as written in each language, with the words of
 * web/src/locales/GLOSSARY.md (its machine-readable list, glossary.json, is shared with the web
 * locale test). The app speaks Korean in 해요체, the mail in 합니다체.
 */
type Rule = { pattern: string; use: string; concept: string; appOnly?: boolean };
const glossary = JSON.parse(readFileSync(new URL('../../../web/src/locales/glossary.json', import.meta.url), 'utf8')) as {
  brandWords: string[];
  forbidden: Record<Exclude<Language, 'en'>, Rule[]>;
};
const OTHERS = ['zh-CN', 'zh-TW', 'ko', 'ja'] as const;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

function breaks(lang: (typeof OTHERS)[number], text: string, app: boolean): string[] {
  return glossary.forbidden[lang]
    .filter((rule) => app || !rule.appOnly)
    .flatMap((rule) => {
      const found = new RegExp(rule.pattern, 'u').exec(text);
      return found ? [`“${found[0]}” → ${rule.use}`] : [];
    });
}

function asciiSign(lang: Language, text: string): string | null {
  if (lang === 'en' || lang === 'ko') return null;
  const words = text
    .replace(/\{\w+\}/g, ' ')
    .replace(/\$\{[^}]*\}/g, ' ')
    .replace(/\d{1,2}:\d{2}/g, ' ');
  return CJK.test(words) ? (/[?!:]/.exec(words)?.[0] ?? null) : null;
}

const MAILS = (lang: Language) => [
  verificationMail(lang, '123456', 10),
  resetMail(lang, '123456', 10),
  reportActionedMail(lang, describeContent(lang, 'post', 'T'), 'R'),
  takenDownMail(lang, describeContent(lang, 'persona', 'T'), 'R'),
  codesPausedMail(lang, 20),
  ...(['warn', 'suspend', 'ban'] as const).map((action) => accountNoticeMail(lang, action, 'R', new Date(0))),
];

describe.each(OTHERS)('the %s server texts', (lang) => {
  it('are not English', () => {
    const copied = Object.entries(MESSAGES).filter(([key, texts]) => key !== 'success' && texts[lang] === texts.en);
    expect(copied.map(([key]) => key)).toEqual([]);
  });

  it('use full-width ？！： in Chinese and Japanese sentences', () => {
    const found = Object.entries(MESSAGES).flatMap(([key, texts]) => (asciiSign(lang, texts[lang]) ? [key] : []));
    const inMail = MAILS(lang).flatMap((mail) => (asciiSign(lang, `${mail.subject}\n${mail.text}`) ? [mail.subject] : []));
    expect([...found, ...inMail]).toEqual([]);
  });

  it('use the glossary terms in status_msg and mail', () => {
    const found = [
      ...Object.entries(MESSAGES).flatMap(([key, texts]) => breaks(lang, texts[lang], true).map((why) => `${key}: ${why}`)),
      ...MAILS(lang).flatMap((mail) => breaks(lang, `${mail.subject}\n${mail.text}`, false).map((why) => `${mail.subject}: ${why}`)),
    ];
    expect(found).toEqual([]);
  });
});

describe('Korean register', () => {
  it('writes mail in 합니다체 and the code as 인증번호 with no space before 입니다', () => {
    // 안녕하세요 is the greeting of every register; past it, no sentence ends in 요.
    for (const mail of MAILS('ko')) expect(mail.text.replace('안녕하세요', ''), mail.subject).not.toMatch(/요(?=[.!?]?(\s|$))/u);
    expect(verificationMail('ko', '123456', 10).text).toContain('인증번호는 123456입니다.');
  });
});

describe('Japanese', () => {
  it('writes a wait without a space between the number and 秒', () => {
    expect(MESSAGES.rateLimited.ja.replace('{seconds}', '30')).toContain('30秒後');
  });
});
