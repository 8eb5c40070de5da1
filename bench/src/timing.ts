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

/** The value at fraction `p` (0.5 the median, 0.99 the p99) of `values`, sorted; NaN when there are none. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : NaN;
}

export const median = (values: number[]) => percentile(values, 0.5);
