/** One Server-Sent Event: its name (`message` when the server gave none) and its data lines joined. */
export type SseMessage = { event: string; data: string };

/**
 * An incremental `text/event-stream` parser (the WHATWG rules that matter
 * here): chunks may split lines and events anywhere; lines end in LF, CRLF or
 * CR; `:` lines are comments (keep-alives); a blank line ends an event.
 */
export function createSseParser() {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let pendingCr = false;

  const line = (text: string, out: SseMessage[]) => {
    if (text === '') {
      if (data.length > 0) out.push({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  };

  return {
    push(chunk: string): SseMessage[] {
      const out: SseMessage[] = [];
      let text = chunk;
      // A CR at the end of the previous chunk already ended its line; an LF right after it belongs to it.
      if (pendingCr && text.startsWith('\n')) text = text.slice(1);
      pendingCr = false;
      buffer += text;
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer);
        if (!match) break;
        if (match[0] === '\r' && match.index === buffer.length - 1) pendingCr = true;
        line(buffer.slice(0, match.index), out);
        buffer = buffer.slice(match.index + match[0].length);
      }
      return out;
    },
  };
}
