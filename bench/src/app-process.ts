import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * The app as `npm start` runs it (server/src/main.ts: embedded PostgreSQL, the
 * environment it is given), plus what the stream benchmark reads from outside:
 * over IPC, `reset` starts a measuring window and `stats` answers the window's
 * event-loop lag p99 and the largest resident set size seen in it.
 */
const lag = monitorEventLoopDelay({ resolution: 10 });
lag.enable();
let rssMax = 0;
const sample = setInterval(() => (rssMax = Math.max(rssMax, process.memoryUsage.rss())), 100);
sample.unref();

process.on('message', (message: { cmd?: string }) => {
  if (message.cmd === 'reset') {
    lag.reset();
    rssMax = process.memoryUsage.rss();
    process.send?.({ cmd: 'reset' });
  } else if (message.cmd === 'stats') {
    process.send?.({ cmd: 'stats', lagP99Ms: lag.percentile(99) / 1e6, rssMaxMb: Math.max(rssMax, process.memoryUsage.rss()) / 2 ** 20 });
  }
});
process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));

await import('../../server/src/main');
