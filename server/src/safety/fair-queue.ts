/** A judge call could not get a turn: the account already waits for too many, or the wait passed its limit. */
export class JudgeBusyError extends Error {}

type Waiter = { start: () => void; fail: (error: Error) => void };

/**
 * At most `concurrency` calls at once, the rest queued one line per account and served in turn, one
 * call of each waiting account after another (round robin). So an account that sends a hundred judged
 * writes waits behind itself, and another account's story is judged after at most one call of each
 * account ahead of it, not after the hundred. An account with `perAccount` calls waiting has its next
 * one refused at once; a call that waited `maxWaitMs` for a turn gives up (both JudgeBusyError: the
 * judge cannot answer, which refuses an adult text retryably).
 */
export class FairQueue {
  private running = 0;
  /** Accounts with waiting calls, in turn order (a Map keeps insertion order). */
  private readonly lines = new Map<string, Waiter[]>();

  constructor(
    private readonly concurrency: number,
    private readonly perAccount: number,
    private readonly maxWaitMs: number,
  ) {}

  /** Calls now waiting and running (tests, the operator's log). */
  get size(): { running: number; waiting: number } {
    let waiting = 0;
    for (const line of this.lines.values()) waiting += line.length;
    return { running: this.running, waiting };
  }

  async run<T>(account: string, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.turn(account, signal);
    try {
      return await task();
    } finally {
      this.running--;
      this.next();
    }
  }

  private turn(account: string, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    if (this.running < this.concurrency && this.lines.size === 0) {
      this.running++;
      return Promise.resolve();
    }
    const line = this.lines.get(account) ?? [];
    if (line.length >= this.perAccount) return Promise.reject(new JudgeBusyError(`this account already has ${line.length} judge calls waiting`));
    return new Promise<void>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const leave = (error: Error) => {
        const waiting = this.lines.get(account);
        const at = waiting?.indexOf(waiter) ?? -1;
        if (waiting && at >= 0) {
          waiting.splice(at, 1);
          if (waiting.length === 0) this.lines.delete(account);
        }
        done();
        reject(error);
      };
      const waiter: Waiter = {
        start: () => {
          done();
          resolve();
        },
        fail: leave,
      };
      const timer = setTimeout(() => leave(new JudgeBusyError(`no judge slot free within ${this.maxWaitMs} ms`)), this.maxWaitMs);
      timer.unref?.();
      const onAbort = () => leave(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      signal?.addEventListener('abort', onAbort, { once: true });
      line.push(waiter);
      this.lines.set(account, line);
    });
  }

  /** Gives the free slots to the accounts in turn: the first account's oldest call, then that account goes to the back. */
  private next(): void {
    while (this.running < this.concurrency && this.lines.size > 0) {
      const [account, line] = this.lines.entries().next().value as [string, Waiter[]];
      const waiter = line.shift()!;
      this.lines.delete(account);
      if (line.length > 0) this.lines.set(account, line);
      this.running++;
      waiter.start();
    }
  }
}
