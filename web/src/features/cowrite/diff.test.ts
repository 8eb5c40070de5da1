import { describe, expect, it } from 'vitest';
import { wordDiff } from './diff';

const marked = (parts: ReturnType<typeof wordDiff>) =>
  parts.map((p) => (p.kind === 'added' ? `[+${p.text}]` : p.kind === 'removed' ? `[-${p.text}]` : p.text)).join('');

describe('the difference of a variant from the selection', () => {
  it('marks whole English words, not letters', () => {
    expect(marked(wordDiff('She lit the lamp and waited.', 'She lit the old lamp and waited alone.', 'en'))).toBe(
      'She lit the [+old ]lamp and waited [+alone].',
    );
  });

  it('marks Chinese and Japanese by word or character, never the whole run of text between spaces', () => {
    const zh = wordDiff('他在港口等她。', '他在码头等她。', 'zh-CN');
    expect(zh.filter((p) => p.kind === 'same').map((p) => p.text).join('')).toContain('等她。');
    expect(zh.filter((p) => p.kind !== 'same').map((p) => p.text).join('')).not.toContain('等她');
    const ja = wordDiff('彼女は灯台で待っていた。', '彼女は港で待っていた。', 'ja');
    expect(ja.filter((p) => p.kind === 'added').map((p) => p.text).join('')).toBe('港');
  });

  it('keeps Korean words whole', () => {
    expect(marked(wordDiff('그녀는 등불을 켜고 기다렸다.', '그녀는 조용히 등불을 켜고 기다렸다.', 'ko'))).toBe('그녀는 [+조용히 ]등불을 켜고 기다렸다.');
  });
});
