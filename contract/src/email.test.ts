import { describe, expect, it } from 'vitest';
import { Email } from './accounts';
import { EMAIL_PATTERN } from './constants';
import { normalizeEmail, normalizeStoredEmail, rewardInbox } from './email';

describe('one account per real address (issue 18)', () => {
  it.each([
    ['ａdmin@example.com', 'admin@example.com'],
    ['alice@ｅｘａｍｐｌｅ.com', 'alice@example.com'],
    ['alice@example.com.', 'alice@example.com'],
    ['ALİCE@example.com', 'alice@example.com'],
    ['  Alice@Example.COM ', 'alice@example.com'],
    ['alice＠example.com', 'alice@example.com'],
    ['STRASSE@example.de', 'strasse@example.de'],
    ['小明@例子.公司', '小明@例子.公司'],
  ])('%s is %s', (input, expected) => {
    expect(normalizeEmail(input)).toEqual({ ok: true, email: expected });
    expect(Email.parse(input)).toBe(expected);
  });

  it.each([
    'alice\u200b@example.com',
    'al\u200dice@example.com',
    '\ufeffalice@example.com',
    'alice@exam\u00adple.com',
    'a\u202elice@example.com',
    'a\u0007@example.com',
  ])('refuses invisible characters in %j', (input) => {
    expect(normalizeEmail(input)).toEqual({ ok: false, problem: 'invisible' });
    const parsed = Email.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('invisible characters are not allowed');
  });

  it('refuses what is not an address', () => {
    expect(normalizeEmail('not-an-email')).toEqual({ ok: false, problem: 'format' });
    expect(normalizeEmail('alice@example.')).toEqual({ ok: false, problem: 'format' });
  });

  it('stored rows lose their invisible characters instead of being refused', () => {
    expect(normalizeStoredEmail('alice\u200b@example.com.')).toBe('alice@example.com');
    expect(normalizeStoredEmail('broken')).toBeNull();
  });

  it.each([
    '"n"<one@inbox.com>',
    'Name <one@inbox.com>',
    '<one@inbox.com>',
    '"one"@inbox.com',
    'one@inbox.com (work)',
    'one@inbox.com,two@inbox.com',
    'one@inbox.com;two@inbox.com',
    'one@[127.0.0.1]',
    'o\\ne@inbox.com',
  ])('refuses %j: only a plain addr-spec is an address (issue 25)', (input) => {
    expect(normalizeEmail(input)).toMatchObject({ ok: false });
    expect(EMAIL_PATTERN.test(input)).toBe(false);
    const parsed = Email.safeParse(input);
    expect(parsed.success).toBe(false);
  });

  it('says what is wrong with a display name', () => {
    expect(Email.safeParse('"n"<one@inbox.com>').error?.issues[0]?.message).toMatch(/address alone/);
  });

  it('folds Gmail-style dots and +tags for the reward check only', () => {
    expect(rewardInbox('o.n.e+7@gmail.com')).toBe('one@gmail.com');
    expect(rewardInbox('one+a@googlemail.com')).toBe('one@gmail.com');
    expect(rewardInbox('first.last+x@inbox.com')).toBe('firstlast@inbox.com');
    expect(Email.parse('o.n.e+7@gmail.com')).toBe('o.n.e+7@gmail.com');
  });
});
