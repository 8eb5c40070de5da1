import { describe, expect, it } from 'vitest';
import { EVAL_LANGUAGES, evaluate, type Item, loadSet, report } from './evaluate';

describe('the evaluation set (apart from the tests; figures by `npm run eval:safety`)', () => {
  it.each(EVAL_LANGUAGES)('%s: at least 300 labelled phrasings, half harmless, none repeated', (language) => {
    const items = loadSet(language);
    expect(items.length).toBeGreaterThanOrEqual(300);
    const minors = items.filter((item) => item.label === 'minor').length;
    const adults = items.filter((item) => item.label === 'adult').length;
    expect(minors + adults).toBe(items.length);
    expect(minors).toBeGreaterThanOrEqual(150);
    expect(adults).toBeGreaterThanOrEqual(150);
    expect(new Set(items.map((item) => item.text)).size).toBe(items.length);
  });
});

describe('evaluate', () => {
  const items: Item[] = [
    { text: 'minor one', label: 'minor' },
    { text: 'minor two', label: 'minor' },
    { text: 'adult one', label: 'adult' },
    { text: 'adult two', label: 'adult' },
    { text: 'broken', label: 'adult' },
  ];
  const reader = (text: string) => {
    if (text === 'broken') throw new Error('no answer');
    return text === 'minor one' || text === 'adult two';
  };

  it('counts recall, false alarms and unanswered phrasings, reading several at a time', async () => {
    const figures = await evaluate('en', items, async (text) => reader(text), 3);
    expect(figures).toMatchObject({ minors: 2, adults: 3, minorsRefused: 1, adultsRefused: 1, unanswered: 1 });
    expect(figures.misses.map((item) => item.text)).toEqual(['minor two']);
    expect(figures.falseAlarms.map((item) => item.text)).toEqual(['adult two']);
    const text = report('test', [figures], true);
    expect(text).toContain('1/2 (50.0%)');
    expect(text).toContain('1/3 (33.3%)');
    expect(text).toContain('miss         en  minor two');
    expect(text).toContain('false alarm  en  adult two');
    expect(text).toContain('unanswered   en  broken  (no answer)');
  });
});
