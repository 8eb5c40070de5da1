import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EarlyStream, pieceSpacing } from './early-stream';

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

  it('hands on every chunk as it arrives without a pace, and what arrived together as one piece', async () => {
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

  it('with a pace, shows the first piece at once and the next no sooner than the pace, joining what came meanwhile', async () => {
    const model = handFed();
    const reader = new EarlyStream(model.source, () => 100)[Symbol.asyncIterator]();
    model.send('Once ');
    expect(await reader.next()).toEqual({ done: false, value: 'Once ' });

    let next: IteratorResult<string> | null = null;
    void reader.next().then((r) => (next = r));
    model.send('upon ');
    await vi.advanceTimersByTimeAsync(40);
    model.send('a ');
    await vi.advanceTimersByTimeAsync(40);
    model.send('time');
    await vi.advanceTimersByTimeAsync(19);
    expect(next).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(next).toEqual({ done: false, value: 'upon a time' });
  });

  it('with a pace, never holds the end of the answer or the model failing', async () => {
    const model = handFed();
    const reader = new EarlyStream(model.source, () => 1000)[Symbol.asyncIterator]();
    model.send('The ');
    expect(await reader.next()).toEqual({ done: false, value: 'The ' });
    model.send('end.');
    model.end();
    await settle();
    // No time passes: the last piece and the end come at once.
    expect(await reader.next()).toEqual({ done: false, value: 'end.' });
    expect(await reader.next()).toEqual({ done: true, value: undefined });

    const failing = handFed();
    const second = new EarlyStream(failing.source, () => 1000)[Symbol.asyncIterator]();
    failing.send('Half ');
    expect(await second.next()).toEqual({ done: false, value: 'Half ' });
    failing.send('a story');
    failing.fail(new Error('the model hung up'));
    await settle();
    expect(await second.next()).toEqual({ done: false, value: 'a story' });
    await expect(second.next()).rejects.toThrow('the model hung up');
  });

  it('holding until read, takes in only the first chunk of an answer before anyone reads it, then the rest', async () => {
    let pulled = 0;
    async function* answer(): AsyncGenerator<string> {
      for (const word of ['The ', 'storm ', 'broke.']) {
        pulled++;
        yield word;
      }
    }
    const controller = new AbortController();
    const early = new EarlyStream(answer(), () => 0, controller.signal);
    await settle();
    // The model's whole answer is there, but only its first chunk was read while nobody read it.
    expect(pulled).toBe(1);
    const shown: string[] = [];
    for await (const piece of early) shown.push(piece);
    expect(shown.join('')).toBe('The storm broke.');
    expect(pulled).toBe(3);

    // A refused charge aborts the request: the held answer is let go of, not kept waiting for ever.
    pulled = 0;
    const refused = new AbortController();
    new EarlyStream(answer(), () => 0, refused.signal);
    await settle();
    expect(pulled).toBe(1);
    refused.abort();
    await settle();
    expect(pulled).toBe(3);
  });
});

describe('pieceSpacing', () => {
  it('paces nothing below the threshold, the set pace up to 80 stories at 40 ms, and spaces pieces further past it', () => {
    expect(pieceSpacing(15, 40, 16)).toBe(0);
    expect(pieceSpacing(500, 0, 16)).toBe(0);
    expect(pieceSpacing(16, 40, 16)).toBe(40);
    expect(pieceSpacing(80, 40, 16)).toBe(40);
    expect(pieceSpacing(100, 40, 16)).toBe(50);
    expect(pieceSpacing(500, 40, 16)).toBe(250);
    // Up to 500 stories the process sends no more than 2,000 pieces a second at that spacing; past that
    // the spacing stays at 250 ms, so a reader still sees the text move four times a second.
    for (const active of [16, 81, 200, 500]) expect((active * 1000) / pieceSpacing(active, 40, 16)).toBeLessThanOrEqual(2000);
    expect(pieceSpacing(2000, 40, 16)).toBe(250);
    expect(pieceSpacing(2000, 400, 16)).toBe(400);
  });
});
