import { createSseParser } from '@butterfic/contract/client';

/** One Server-Sent Event: its name and its raw data. */
export type SseMessage = { event: string; data: string };

/** The events of a response body, one at a time; null once the body ends. */
export type EventMessages = {
  next(): Promise<SseMessage | null>;
  cancel(): void;
};

/** Reads a `text/event-stream` body event by event (the app's own SSE parser). */
export function eventMessages(body: NonNullable<Response['body']>): EventMessages {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = createSseParser();
  const pending: SseMessage[] = [];
  return {
    async next() {
      for (;;) {
        const message = pending.shift();
        if (message) return message;
        const { value, done } = await reader.read();
        if (done) return null;
        pending.push(...parser.push(value));
      }
    },
    cancel() {
      void reader.cancel().catch(() => undefined);
    },
  };
}

/**
 * Stories handed from the call that started them to the screen that shows them (one round trip
 * from Generate to text, docs/decisions/0039): a start call sent with `Accept: text/event-stream`
 * answers its JSON head first, then the story on the same response. The rest of that response waits
 * here, under its novel's uid, for the novel's stream to take it instead of opening GET
 * /novel/stream/; one not taken soon is closed (the screen then opens its own stream).
 */
const handed = new Map<string, { messages: EventMessages; timer: ReturnType<typeof setTimeout> }>();
const UNCLAIMED_MS = 30_000;

export function handOverStory(novelUid: string, messages: EventMessages): void {
  handed.get(novelUid)?.messages.cancel();
  clearTimeout(handed.get(novelUid)?.timer);
  const timer = setTimeout(() => {
    handed.delete(novelUid);
    messages.cancel();
  }, UNCLAIMED_MS);
  handed.set(novelUid, { messages, timer });
}

/** The story handed over for this novel, once (null when there is none). */
export function takeHandedStory(novelUid: string): EventMessages | null {
  const entry = handed.get(novelUid);
  if (!entry) return null;
  handed.delete(novelUid);
  clearTimeout(entry.timer);
  return entry.messages;
}

/** `onStream` of a start call (api-client): its story waits here for the novel's screen. */
export const handOver = (data: unknown, rest: EventMessages): void => handOverStory((data as { novel_uid: string }).novel_uid, rest);
