import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { checkAsShown, createSafety } from './index';
import { rubyAsShown, rubyShown } from './ruby';

/** Text is checked as it is shown (issue 46): ruby markup is read joined, as the reader renders it. */
const ADULT_JA = (who: string) => `彼女は${who}の少女で、二人は激しく抱き合い、セックスした。`;

describe('ruby as shown', () => {
  it('keeps the bases and drops the readings, with the forms the reader renders in each language', () => {
    expect(rubyAsShown('｜十五《じゅうご》歳', 'ja')).toBe('十五歳');
    expect(rubyAsShown('|十五《じゅうご》歳', 'en')).toBe('十五歳');
    expect(rubyAsShown('十五《じゅうご》歳と十五（じゅうご）歳', 'ja')).toBe('十五歳と十五歳');
    // Outside Japanese, 《》 marks a book title and （） an aside: only the bar form is ruby there.
    expect(rubyAsShown('她读过《小王子》（很久以前）', 'zh-CN')).toBe('她读过《小王子》（很久以前）');
    expect(rubyAsShown('｜《本》', 'ja')).toBe('《本》');
    expect(rubyAsShown('no marks at all', 'en')).toBe('no marks at all');
  });

  it('refuses an adult text whose minor age is split by a reading: ｜十五《じゅうご》歳の少女', async () => {
    const safety = createSafety();
    for (const who of ['｜十五《じゅうご》歳', '十五《じゅうご》歳', '十五(じゅうご)歳']) {
      const verdict = safety.check(ADULT_JA(who), { language: 'ja', rating: 'adult' });
      expect(verdict, who).toMatchObject({ allowed: false, reason: 'minor' });
      await expect(safety.refuse([ADULT_JA(who)], { language: 'ja', rating: 'adult' })).rejects.toBeInstanceOf(AppError);
    }
    // The same bar form in a Chinese story.
    const zh = '她是｜十五《shí wǔ》岁的少女，两人激烈地做爱。';
    expect(safety.check(zh, { language: 'zh-CN', rating: 'adult' })).toMatchObject({ allowed: false, reason: 'minor' });
    await expect(safety.refuse(['A title', zh], { language: 'zh-CN', rating: 'adult' })).rejects.toBeInstanceOf(AppError);
  });

  it('lets harmless ruby through: adults with readings, a book title in Chinese', async () => {
    const safety = createSafety();
    const ja = '｜二十八《にじゅうはち》歳の｜灯台守《とうだいもり》の彼女は、嵐の夜に彼と激しく抱き合い、セックスした。';
    expect(safety.check(ja, { language: 'ja', rating: 'adult' })).toEqual({ allowed: true });
    await expect(safety.refuse([ja], { language: 'ja', rating: 'adult' })).resolves.toBeUndefined();
    const zh = '三十岁的她在灯塔里读着《小王子》，那一夜两人激烈地做爱。';
    await expect(safety.refuse([zh], { language: 'zh-CN', rating: 'adult' })).resolves.toBeUndefined();
  });

  it('reads a piece of a stream as shown too: what is new is carried over, what was judged before is not judged again', () => {
    const text = ADULT_JA('｜十五《じゅうご》歳');
    const options = { language: 'ja', rating: 'adult' } as const;
    // 歳 is the new piece: the age as shown (十五歳) ends in it.
    expect(checkAsShown(text, { ...options, newFrom: text.indexOf('歳') })).toMatchObject({ allowed: false, reason: 'minor' });
    // The new piece is inside the ruby form: the match takes in the form, so it is new.
    expect(checkAsShown(text, { ...options, newFrom: text.indexOf('じ') })).toMatchObject({ allowed: false });
    // Nothing new: judged before.
    expect(checkAsShown(text, { ...options, newFrom: text.length })).toEqual({ allowed: true });
    expect(checkAsShown(text, options)).toMatchObject({ allowed: false });
  });

  it('maps an index of the text as written to the text as shown', () => {
    const { shown, at } = rubyShown('a｜十五《じゅうご》歳b', 'ja');
    expect(shown).toBe('a十五歳b');
    expect([at(0), at(1), at(4), at(10), at(11), at(12)]).toEqual([0, 1, 1, 3, 4, 5]);
  });
});
