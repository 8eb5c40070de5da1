import { describe, expect, it } from 'vitest';
import { cleanTags, cleanWarnings, foldTag, novelTags } from './tags';

describe('tags as readers compare them', () => {
  it('fold case, width, white space and Traditional to Simplified by phrase', async () => {
    expect(await foldTag('  Ｆａｔｅ／Ｚｅｒｏ  ')).toBe('fate/zero');
    expect(await foldTag('軟體')).toBe(await foldTag('软件'));
    expect(await foldTag('魔道祖師')).toBe('魔道祖师');
    expect(await foldTag('ｶﾞﾝﾀﾞﾑ')).toBe('ガンダム');
    expect(await foldTag('Slow Burn')).not.toBe(await foldTag('Slow  Burns'));
  });

  it('keep the first of two tags of a kind that fold alike, in the author’s order', async () => {
    const { tags, keys } = await cleanTags([
      { kind: 'freeform', name: 'Angst' },
      { kind: 'freeform', name: 'ＡＮＧＳＴ' },
      { kind: 'character', name: '藍忘機' },
      { kind: 'character', name: '蓝忘机' },
    ]);
    expect(tags).toEqual([
      { kind: 'freeform', name: 'Angst' },
      { kind: 'character', name: '藍忘機' },
    ]);
    expect(keys).toEqual(['angst', '蓝忘机']);
    expect(cleanWarnings(['none', 'violence', 'violence'])).toEqual(['violence', 'none']);
    expect(novelTags({ char_a_name: 'Ines', char_b_name: 'Tomas' })[0]).toEqual({ kind: 'relationship', name: 'Ines/Tomas' });
  });
});
