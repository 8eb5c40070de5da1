/** The median time of `run` in milliseconds, after `warmups` untimed runs (in-process micro-benchmarks). */
export function medianMs(run: () => void, { warmups = 3, runs = 15 }: { warmups?: number; runs?: number } = {}): number {
  for (let i = 0; i < warmups; i++) run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    run();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(runs / 2)]!;
}
