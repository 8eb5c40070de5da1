import { describe, expect, it } from 'vitest';
import { accountNoticeMail } from './templates';
import { mailDateTime } from './dates';

/** 06:30 UTC on 1 December 2026: 15:30 in Seoul and Tokyo, 14:30 in Beijing and Taipei. */
const at = new Date(Date.UTC(2026, 11, 1, 6, 30));

describe('dates in mail (issue 48)', () => {
  it('are written as each language writes them, in its market’s zone, the zone named', () => {
    expect(mailDateTime(at, { language: 'ko' })).toBe('2026년 12월 1일 오후 3시 30분(한국 시간)');
    expect(mailDateTime(at, { language: 'ja' })).toBe('2026年12月1日 15:30（日本時間）');
    expect(mailDateTime(at, { language: 'zh-CN' })).toBe('2026年12月1日 14:30（北京时间）');
    expect(mailDateTime(at, { language: 'zh-TW' })).toBe('2026年12月1日 14:30（台灣時間）');
    expect(mailDateTime(at, { language: 'en' })).toBe('1 December 2026, 06:30 UTC');
  });

  it('take a reader’s own time zone when one is given, named by its offset, and survive an unknown one', () => {
    expect(mailDateTime(at, { language: 'ko', timeZone: 'America/Los_Angeles' })).toBe('2026년 11월 30일 오후 10시 30분(GMT-8)');
    expect(mailDateTime(at, { language: 'en', timeZone: 'Asia/Tokyo' })).toBe('1 December 2026, 15:30 GMT+9');
    expect(mailDateTime(at, { language: 'ja', timeZone: 'Not/AZone' })).toBe('2026年12月1日 15:30（日本時間）');
    expect(mailDateTime(new Date(Date.UTC(2026, 11, 1, 15, 0)), { language: 'ko' })).toBe('2026년 12월 2일 오전 12시(한국 시간)');
  });

  it('tell a suspended Korean account its end in Korean time, not ISO UTC', () => {
    const mail = accountNoticeMail('ko', 'suspend', '사유', at);
    expect(mail.text).toContain('회원님의 계정은 2026년 12월 1일 오후 3시 30분(한국 시간)까지 이용이 정지되었습니다.');
    expect(mail.text).not.toContain('2026-12-01');
    expect(accountNoticeMail('ja', 'suspend', '理由', at, { timeZone: 'Asia/Tokyo' }).text).toContain('2026年12月1日 15:30（日本時間）まで');
  });
});
