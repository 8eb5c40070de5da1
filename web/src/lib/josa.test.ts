import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { addJosaFormats, josa } from './josa';

describe('Korean particles by the final sound (issue 48)', () => {
  it('reads e-mail addresses as Koreans say them', () => {
    expect(josa('help@butterfic.com', '으로')).toBe('으로'); // 컴
    expect(josa('me@naver.net', '으로')).toBe('으로'); // 넷
    expect(josa('me@example.org', '으로')).toBe('로'); // 오알지
    expect(josa('me@gmail', '으로')).toBe('로'); // 지메일: ㄹ takes 로
    expect(josa('a@b.kr', '으로')).toBe('로'); // 케이알
    expect(josa('a@b.io', '으로')).toBe('로');
  });

  it('follows a Hangul syllable’s final consonant, ㄹ taking 로', () => {
    expect(josa('서울', '으로')).toBe('로');
    expect(josa('부산', '으로')).toBe('으로');
    expect(josa('바다', '으로')).toBe('로');
    expect(josa('‘바다의 노래’', '은')).toBe('는');
    expect(josa('‘등불’', '은')).toBe('은');
    expect(josa('EPUB', '을')).toBe('을');
    expect(josa('이야기', '이')).toBe('가');
    expect(josa('3', '과')).toBe('과');
    expect(josa('2', '과')).toBe('와');
  });

  it('gives i18next the particle alone, so a quote can close before it', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'ko', resources: { ko: { translation: { sent: '{{email}}{{email, 으로}} 보냈어요.', gone: '‘{{title}}’{{title, 은}} 사라져요.' } } } });
    addJosaFormats(i18n.services.formatter!);
    expect(i18n.t('sent', { email: 'help@butterfic.com' })).toBe('help@butterfic.com으로 보냈어요.');
    expect(i18n.t('sent', { email: 'help@example.org' })).toBe('help@example.org로 보냈어요.');
    expect(i18n.t('gone', { title: '바다' })).toBe('‘바다’는 사라져요.');
    expect(i18n.t('gone', { title: '등불' })).toBe('‘등불’은 사라져요.');
  });
});
