import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EarlyStream } from './early-stream';

/** A model answer the test writes into by hand: `send` a chunk, `end` it, or `fail` it. */
function handFed() {
  const queue: (string | Error | null)[] = [];
  let wake: (() => void) | null = null;
  const put = (item: string | Error | null) => {
    queue.push(item);
    wake?.();
  };
  async function* source(): AsyncGenerator<string> {
    for (;;) {
      if (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const item = queue.shift()!;
      if (item === null) return;
      if (item instanceof Error) throw item;
      yield item;
    }
  }
  return { source: source(), send: (text: string) => put(text), end: () => put(null), fail: (error: Error) => put(error) };
}

/** Lets the pump and the reader run what they can without time passing. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('EarlyStream', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
  afterEach(() => vi.useRealTimers());

  it('hands on every chunk as it arrives, and what arrived together as one piece', async () => {
    const model = handFed();
    const reader = new EarlyStream(model.source)[Symbol.asyncIterator]();
    model.send('Once ');
    expect(await reader.next()).toEqual({ done: false, value: 'Once ' });
    model.send('upon ');
    expect(await reader.next()).toEqual({ done: false, value: 'upon ' });
    // Read ahead: what the model sent while nobody read goes on as one piece.
    model.send('a ');
    model.send('time');
    await settle();
    expect(await reader.next()).toEqual({ done: false, value: 'a time' });
    model.end();
    expect(await reader.next()).toEqual({ done: true, value: undefined });
  });

  it('ends with the model failing, after the text that came before it', async () => {
    const model = handFed();
    const reader = new EarlyStream(model.source)[Symbol.asyncIterator]();
    model.send('Half a ');
    model.fail(new Error('the model stopped'));
    await settle();
    expect(await reader.next()).toEqual({ done: false, value: 'Half a ' });
    await expect(reader.next()).rejects.toThrow('the model stopped');
  });
});
