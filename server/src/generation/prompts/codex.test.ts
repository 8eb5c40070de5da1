import { describe, expect, it } from 'vitest';
import { codexFor, fold, matchCodex, termPositions, type CodexInput } from './codex';

const entry = (name: string, extra: Partial<CodexInput> = {}): CodexInput => ({ uid: name, name, aliases: [], text: '', always: false, ...extra });
const fired = (entries: CodexInput[], story: string) => matchCodex(entries, { story }).map((hit) => hit.entry.name);

describe('codex triggers', () => {
  it('matches whole words in space-separated languages, any case and width', () => {
    const lin = entry('Lin');
    expect(fired([lin], 'Then LIN turned.')).toEqual(['Lin']);
    expect(fired([lin], "It was Lin's coat.")).toEqual(['Lin']);
    expect(fired([lin], 'Ｌｉｎ smiled.')).toEqual(['Lin']);
    expect(fired([lin], 'Linda smiled. The linen was white.')).toEqual([]);
    expect(fired([entry('Marrow Key')], 'the marrow  key')).toEqual([]);
    expect(fired([entry('Marrow Key')], 'the MARROW KEY lay there')).toEqual(['Marrow Key']);
    expect(fired([entry('Élodie')], 'ÉLODIE arrived')).toEqual(['Élodie']);
  });

  it('matches any occurrence in Chinese and Japanese, half-width kana folded to full width', () => {
    expect(fired([entry('林')], '他看见林站在港口')).toEqual(['林']);
    expect(fired([entry('アカリ')], 'ｱｶﾘは笑った')).toEqual(['アカリ']);
    expect(fired([entry('灯台守')], '彼女は灯台守だった')).toEqual(['灯台守']);
    expect(fired([entry('林')], '他们在港口等')).toEqual([]);
  });

  it('matches Korean names bare or with their particles, not inside another word', () => {
    const harin = entry('하린');
    for (const text of ['하린이 웃었다', '하린은 말했다', '하린을 보았다', '하린의 집', '하린에게 편지를', '하린이가 왔다', '하린에게서 들었다', '하린 씨', '하린도']) {
      expect(fired([harin], text), text).toEqual(['하린']);
    }
    expect(fired([entry('민준')], '민준가 왔다')).toEqual(['민준']);
    expect(fired([harin], '하린다는 것')).toEqual([]);
    expect(fired([harin], '이하린이 왔다')).toEqual([]);
  });

  it('folds width and case (NFKC, then lower case)', () => {
    expect(fold('ＡＢＣ１２３')).toBe('abc123');
    expect(fold('ｶﾀｶﾅ')).toBe('カタカナ');
    expect(termPositions(fold('Hello LIN.'), 'lin')).toEqual([9]);
  });

  it('fires always-entries, aliases, and the entries a matched entry names, two steps at most', () => {
    const entries = [
      entry('Key', { aliases: ['the brass key'], text: 'Opens the Lamp Room.' }),
      entry('Lamp Room', { text: 'Where the Logbook is kept.' }),
      entry('Logbook', { text: 'Mentions the Reef.' }),
      entry('Reef'),
      entry('Harbour', { always: true }),
      entry('Nowhere'),
    ];
    const names = matchCodex(entries, { note: 'Tomas finds THE BRASS KEY' }).map((hit) => hit.entry.name);
    expect(names).toEqual(['Harbour', 'Key', 'Lamp Room', 'Logbook']);
  });

  it('keeps always-entries, then the most recently named, within the budget', () => {
    const long = 'x'.repeat(300);
    const entries = [entry('Ana', { text: long }), entry('Bo', { text: long }), entry('Cy', { text: long, always: true })];
    const kept = codexFor(entries, { story: 'Ana met Bo.', note: 'Ana again' }, { budget: 220 }).map((hit) => hit.entry.name);
    expect(kept).toEqual(['Cy', 'Ana']);
  });
});
