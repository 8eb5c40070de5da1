import { describe, expect, it } from 'vitest';
import { serverSentEvents, type ServerSentEvent } from './sse';

/** The events of `body` when its bytes arrive in the given pieces. */
async function eventsOf(...pieces: (string | Uint8Array)[]): Promise<ServerSentEvent[]> {
  async function* bytes() {
    for (const piece of pieces) yield typeof piece === 'string' ? Buffer.from(piece) : Buffer.from(piece);
  }
  const events: ServerSentEvent[] = [];
  for await (const event of serverSentEvents(bytes())) events.push(event);
  return events;
}

const chunk = (text: string) => `data: ${JSON.stringify({ choices: [{ delta: { content: text } }] })}\n\n`;

describe('serverSentEvents', () => {
  it('reads a chat-completions stream event by event, [DONE] included', async () => {
    const events = await eventsOf(chunk('Once'), chunk(' upon'), 'data: [DONE]\n\n');
    expect(events.map((e) => e.data)).toEqual([
      JSON.stringify({ choices: [{ delta: { content: 'Once' } }] }),
      JSON.stringify({ choices: [{ delta: { content: ' upon' } }] }),
      '[DONE]',
    ]);
    expect(events.every((e) => e.event === null)).toBe(true);
  });

  it('puts an event together whatever pieces its bytes arrive in, a character split between pieces included', async () => {
    const whole = chunk('灯台の夜') + chunk('폭풍') + 'data: [DONE]\n\n';
    const bytes = Buffer.from(whole);
    const expected = await eventsOf(whole);
    for (const size of [1, 2, 3, 5, 7, 64]) {
      const pieces: Uint8Array[] = [];
      for (let i = 0; i < bytes.length; i += size) pieces.push(bytes.subarray(i, i + size));
      expect(await eventsOf(...pieces), `pieces of ${size} bytes`).toEqual(expected);
    }
    expect(expected.map((e) => JSON.parse(e.data === '[DONE]' ? '{}' : e.data).choices?.[0].delta.content)).toEqual([
      '灯台の夜',
      '폭풍',
      undefined,
    ]);
  });

  it('takes CRLF and CR line ends, even a CRLF split between two pieces', async () => {
    expect(await eventsOf('data: a\r\n\r\ndata: b\r\rdata: c\r', '\n\r', '\n')).toEqual([
      { event: null, data: 'a' },
      { event: null, data: 'b' },
      { event: null, data: 'c' },
    ]);
    // The LF after a piece's last CR ends that same line (not one more, empty, line that would end the event),
    // also when an empty piece comes between them.
    for (const pieces of [
      ['data: a\r', '\ndata: b\r\n\r\n'],
      ['data: a\r', '', '\ndata: b\r\n\r\n'],
    ])
      expect((await eventsOf(...pieces)).map((e) => e.data)).toHaveLength(1);
    expect(await eventsOf('data: a\r', '\ndata: b\r\n\r\n')).toEqual([{ event: null, data: 'a\nb' }]);
  });

  it('joins data lines, keeps the event name, skips comments and fields it does not know', async () => {
    expect(await eventsOf(': keep-alive\n\nevent: error\ndata: {"error":\ndata:  "overloaded"}\nid: 7\nretry: 10\n\n')).toEqual([
      { event: 'error', data: '{"error":\n "overloaded"}' },
    ]);
  });

  it('dispatches no event without data, and none cut off by the end of the body', async () => {
    expect(await eventsOf('event: ping\n\n', chunk('kept'), 'data: {"choices":[{"delta":{"content":"cut off"}}]}')).toEqual([
      { event: null, data: JSON.stringify({ choices: [{ delta: { content: 'kept' } }] }) },
    ]);
  });
});
