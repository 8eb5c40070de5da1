import { describe, expect, it } from 'vitest';
import { Grouped } from './grouped';

/** A run that records each group it was given and answers when told to. */
function recorder() {
  const groups: number[][] = [];
  const pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const run = (items: number[]) => {
    groups.push(items);
    return new Promise<number[]>((resolve, reject) => {
      pending.push({ resolve: () => resolve(items.map((n) => n * 10)), reject });
    });
  };
  return { groups, pending, run };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('Grouped', () => {
  it('sends a lone item at the end of the turn and answers it its own result', async () => {
    const r = recorder();
    const grouped = new Grouped(r.run, { max: 10, lanes: 1 });
    const answer = grouped.add(7);
    expect(r.groups).toEqual([]);
    await tick();
    expect(r.groups).toEqual([[7]]);
    r.pending[0]!.resolve();
    expect(await answer).toBe(70);
  });

  it('sends what came in one turn together, groups what arrives while the lanes are busy, in order, at most `max` per group', async () => {
    const r = recorder();
    const grouped = new Grouped(r.run, { max: 3, lanes: 2 });
    const answers = [1, 2, 3, 4, 5, 6, 7].map((n) => grouped.add(n));
    await tick();
    // Two lanes: 1..3 and 4..6 go; 7 waits.
    expect(r.groups).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    const late = grouped.add(8);
    await tick();
    expect(r.groups).toHaveLength(2);
    r.pending[0]!.resolve();
    await tick();
    expect(r.groups).toEqual([
      [1, 2, 3],
      [4, 5, 6],
      [7, 8],
    ]);
    r.pending[1]!.resolve();
    r.pending[2]!.resolve();
    expect(await Promise.all([...answers, late])).toEqual([10, 20, 30, 40, 50, 60, 70, 80]);
  });

  it('tries a failed group again item by item: only the bad item fails, and the next group goes on', async () => {
    const groups: number[][] = [];
    // 2 is text the database refuses: any group holding it fails as a whole.
    const run = async (items: number[]) => {
      groups.push(items);
      await tick();
      if (items.includes(2)) throw new Error('unsupported Unicode escape sequence');
      return items.map((n) => n * 10);
    };
    const grouped = new Grouped(run, { max: 10, lanes: 1 });
    const answers = [1, 2, 3].map((n) => grouped.add(n));
    const settled = await Promise.allSettled(answers);
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([
      10,
      'unsupported Unicode escape sequence',
      30,
    ]);
    expect(groups).toEqual([[1, 2, 3], [1], [2], [3]]);
    expect(await grouped.add(4)).toBe(40);
    expect(groups.at(-1)).toEqual([4]);
  });

  it('fails a lone failed item once, without trying it again', async () => {
    const r = recorder();
    const grouped = new Grouped(r.run, { max: 10, lanes: 1 });
    const only = grouped.add(1);
    await tick();
    r.pending[0]!.reject(new Error('deadlock detected'));
    await expect(only).rejects.toThrow('deadlock detected');
    expect(r.groups).toEqual([[1]]);
  });
});
