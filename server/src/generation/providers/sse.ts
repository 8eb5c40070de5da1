import { StringDecoder } from 'node:string_decoder';

/** One server-sent event: its `event:` field (null when it has none) and its `data:` lines joined by newlines. */
export type ServerSentEvent = { event: string | null; data: string };

/**
 * The events of a `text/event-stream` body as its bytes arrive (the WHATWG event-stream format: lines
 * end with LF, CRLF or CR; an empty line ends an event; lines starting with `:` are comments; an event
 * without a `data:` line is not dispatched, nor is one cut off by the end of the body).
 *
 * The chat-completions stream of an OpenAI-compatible server is read with this instead of the SDK's
 * own decoder (decision 0047): under a burst of 500 stories the SDK's chain of async generators
 * (bytes, lines, messages, chunks) was a tenth of the app's busy time.
 */
export async function* serverSentEvents(body: AsyncIterable<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let data: string | null = null;
  let event: string | null = null;
  /** A CR ended the last piece: an LF at the start of the next one belongs to it. */
  let afterCr = false;
  const take = (line: string): ServerSentEvent | null => {
    if (line === '') {
      const done = data === null ? null : { event, data };
      data = null;
      event = null;
      return done;
    }
    if (line.charCodeAt(0) === 58 /* : */) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32 /* space */) value = value.slice(1);
    if (field === 'data') data = data === null ? value : `${data}\n${value}`;
    else if (field === 'event') event = value;
    return null;
  };
  for await (const bytes of body) {
    let text = pending + decoder.write(bytes as Buffer);
    if (!text) continue; // an empty piece (or a character's first bytes): a CR before it still waits for its LF
    if (afterCr && text.charCodeAt(0) === 10) text = text.slice(1);
    afterCr = false;
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      const found = take(text.slice(start, i));
      if (found) yield found;
      if (c === 13) {
        if (i + 1 === text.length) afterCr = true;
        else if (text.charCodeAt(i + 1) === 10) i++;
      }
      start = i + 1;
    }
    pending = text.slice(start);
  }
  // The body ended: a last line without its end is still a line, but an event needs its empty line.
  const last = pending + decoder.end();
  if (last) take(last);
}
