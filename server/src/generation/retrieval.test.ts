import { describe, expect, it } from 'vitest';
import { PASSAGE_CHARS, queryTerms, searchTerms, splitPassages } from './retrieval';

describe('passages and search terms', () => {
  it('splits at paragraph ends into passages of a few hundred characters, long CJK paragraphs at sentence ends', () => {
    const chapter = [...Array.from({ length: 6 }, (_, i) => `Paragraph ${i}. ${'word '.repeat(30)}`), '林在港口等他。'.repeat(120)].join('\n\n');
    const passages = splitPassages(chapter);
    expect(passages.length).toBeGreaterThan(3);
    for (const passage of passages) expect(Array.from(passage).length).toBeLessThanOrEqual(PASSAGE_CHARS * 2);
    expect(passages[0]!.startsWith('Paragraph 0.')).toBe(true);
    expect(passages.filter((p) => p.startsWith('林')).every((p) => p.endsWith('。'))).toBe(true);
  });

  it('makes words, CJK bigrams and Korean syllables, folded', () => {
    expect(searchTerms('The LEDGER')).toEqual(['the', 'ledger']);
    expect(searchTerms('灯台守')).toEqual(['灯台', '台守']);
    expect(searchTerms('하린이')).toEqual(['하', '린', '이']);
    expect(queryTerms('next: the ledger and the ledger')).toEqual(['ledger']);
  });
});
