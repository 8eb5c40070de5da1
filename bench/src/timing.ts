import { readFileSync } from 'node:fs';

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

/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second on every architecture Node runs on. */
const CLOCK_TICKS = 100;

/**
 * The CPU time (user + system, all its threads) a process of this machine has used so far, from
 * /proc/<pid>/stat; NaN where there is no /proc. A figure that drifts far less on a shared machine
 * than latencies do.
 */
export function processCpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}
