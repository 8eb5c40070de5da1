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
  it('sends a lone item at once and answers it its own result', async () => {
    const r = recorder();
    const grouped = new Grouped(r.run, { max: 10, lanes: 1 });
    const answer = grouped.add(7);
    expect(r.groups).toEqual([[7]]);
    r.pending[0]!.resolve();
    expect(await answer).toBe(70);
  });

  it('groups what arrives while the lanes are busy, in order, at most `max` per group', async () => {
    const r = recorder();
    const grouped = new Grouped(r.run, { max: 3, lanes: 2 });
    const answers = [1, 2, 3, 4, 5, 6].map((n) => grouped.add(n));
    // Two lanes: 1 and 2 go alone; 3..6 wait.
    expect(r.groups).toEqual([[1], [2]]);
    r.pending[0]!.resolve();
    await tick();
    expect(r.groups).toEqual([[1], [2], [3, 4, 5]]);
    r.pending[1]!.resolve();
    await tick();
    expect(r.groups).toEqual([[1], [2], [3, 4, 5], [6]]);
    r.pending[2]!.resolve();
    r.pending[3]!.resolve();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50, 60]);
  });

  it('fails every caller of a failed group, and goes on with the next', async () => {
    const r = recorder();
    const grouped = new Grouped(r.run, { max: 10, lanes: 1 });
    const first = grouped.add(1);
    const [second, third] = [grouped.add(2), grouped.add(3)];
    r.pending[0]!.resolve();
    await tick();
    r.pending[1]!.reject(new Error('deadlock detected'));
    await expect(second).rejects.toThrow('deadlock detected');
    await expect(third).rejects.toThrow('deadlock detected');
    expect(await first).toBe(10);
    const fourth = grouped.add(4);
    expect(r.groups.at(-1)).toEqual([4]);
    r.pending[2]!.resolve();
    expect(await fourth).toBe(40);
  });
});
