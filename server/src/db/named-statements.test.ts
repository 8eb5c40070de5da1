import { describe, expect, it } from 'vitest';
import { StatementNames } from './named-statements';

describe('StatementNames', () => {
  it('names a text the second time it is seen, and the same name ever after', () => {
    const names = new StatementNames();
    expect(names.nameFor('select $1')).toBeUndefined();
    const name = names.nameFor('select $1');
    expect(name).toMatch(/^auto_\d+$/);
    expect(names.nameFor('select $1')).toBe(name);
    expect(names.nameFor('select $1 + 1')).toBeUndefined();
    expect(names.nameFor('select $1 + 1')).not.toBe(name);
  });

  it('names at most its bound of texts; later texts go unnamed', () => {
    const names = new StatementNames(2);
    for (const text of ['a $1', 'b $1', 'c $1']) {
      names.nameFor(text);
      names.nameFor(text);
    }
    expect(names.size).toBe(2);
    expect(names.nameFor('a $1')).toBeDefined();
    expect(names.nameFor('c $1')).toBeUndefined();
  });
});
