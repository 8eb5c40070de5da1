import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * The app as `npm start` runs it (server/src/main.ts: embedded PostgreSQL, the
 * environment it is given), plus what the stream benchmark reads from outside:
 * over IPC, `reset` starts a measuring window and `stats` answers the window's
 * event-loop lag p99, the largest resident set size seen in it and the CPU time the process used in it.
 */
const lag = monitorEventLoopDelay({ resolution: 10 });
lag.enable();
let rssMax = 0;
let cpuAtReset = process.cpuUsage();
const sample = setInterval(() => (rssMax = Math.max(rssMax, process.memoryUsage.rss())), 100);
sample.unref();

process.on('message', (message: { cmd?: string }) => {
  if (message.cmd === 'reset') {
    lag.reset();
    rssMax = process.memoryUsage.rss();
    cpuAtReset = process.cpuUsage();
    process.send?.({ cmd: 'reset' });
  } else if (message.cmd === 'stats') {
    const cpu = process.cpuUsage(cpuAtReset);
    process.send?.({
      cmd: 'stats',
      lagP99Ms: lag.percentile(99) / 1e6,
      rssMaxMb: Math.max(rssMax, process.memoryUsage.rss()) / 2 ** 20,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
    });
  }
});
process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));

await import('../../server/src/main');
