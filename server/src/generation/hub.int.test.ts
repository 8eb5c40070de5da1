import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers';
import { waitFor } from '../../test/novels';
import { Notifications } from '../db/notifications';
import { StreamHub, type HubEvent } from './hub';

/** The stream hub's LISTEN connection and NOTIFY fan-out, against the real database (issue 13's review faults). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { GENERATION_WORKERS: '0' } });
});
afterAll(() => ctx.close());

function recordingLog() {
  const lines: { level: 'warn' | 'error'; msg: string }[] = [];
  return {
    lines,
    warn: (_obj: object, msg: string) => void lines.push({ level: 'warn' as const, msg }),
    error: (_obj: object, msg: string) => void lines.push({ level: 'error' as const, msg }),
  };
}

/** A hub on its own LISTEN connection, as one process has (app.ts shares that connection with the auth cache). */
async function startHub(log: ReturnType<typeof recordingLog>) {
  const notifications = new Notifications(ctx.database.url, log);
  await notifications.start();
  const hub = new StreamHub(ctx.database.pool, notifications, log);
  await hub.start();
  return Object.assign(hub, {
    listener: notifications,
    closeAll: async () => {
      await hub.close();
      await notifications.close();
    },
  });
}
type Hub = Awaited<ReturnType<typeof startHub>>;

const listenConnections = async (hub: Hub) =>
  (
    await ctx.database.pool.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where application_name = $1`, [
      `butterfic-listen-${hub.listener.id}`,
    ])
  ).rows[0]!.n;

/** Ends the process's LISTEN connection from the server side, as a database restart would. */
const dropListenConnection = (hub: Hub) =>
  ctx.database.pool.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1`, [
    `butterfic-listen-${hub.listener.id}`,
  ]);

describe('the LISTEN connection', () => {
  it('logs its loss, and a hub closed during the reconnect back-off leaves no connection behind', async () => {
    const log = recordingLog();
    const hub = await startHub(log);
    expect(await listenConnections(hub)).toBe(1);
    await dropListenConnection(hub);
    await waitFor(
      async () => log.lines.length,
      (n) => n > 0,
    );
    expect(log.lines[0]).toMatchObject({ level: 'warn', msg: expect.stringMatching(/LISTEN connection was lost/) });
    expect(hub.listening).toBe(false);
    await hub.closeAll();
    // Nothing to wait for: this proves no connection appears. Past the moment the log named for the reconnect
    // (250 ms), with time to connect: the timer must not have opened a new connection for a closed hub.
    const backOff = Number(/reconnecting in (\d+) ms/.exec(log.lines[0]!.msg)?.[1]);
    expect(backOff).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, backOff + 750));
    expect(await listenConnections(hub)).toBe(0);
  });

  it('takes a new channel while reconnecting without querying the ended connection, and listens to it once back', async () => {
    const log = recordingLog();
    const hub = await startHub(log);
    try {
      await dropListenConnection(hub);
      await waitFor(
        async () => hub.listening,
        (up) => !up,
      );
      const heard: string[] = [];
      await hub.onChannel('butterfic_test_late', (payload) => heard.push(payload));
      await waitFor(
        async () => hub.listening,
        (up) => up,
      );
      // Listening again (the reconnect listens to every known channel): a NOTIFY reaches the handler.
      await waitFor(
        async () => {
          await hub.notify('butterfic_test_late', 'hello');
          await new Promise((r) => setTimeout(r, 50));
          return heard.length;
        },
        (n) => n > 0,
      );
      expect(heard[0]).toBe('hello');
      expect(log.lines.filter((l) => l.level === 'error')).toEqual([]);
    } finally {
      await hub.closeAll();
    }
  });
});

describe('NOTIFY fan-out to other processes', () => {
  it('delivers a delta whose escaped JSON is far over the NOTIFY limit though its raw text is under it', async () => {
    const writer = await startHub(recordingLog());
    const log = recordingLog();
    const reader = await startHub(log);
    try {
      const received: HubEvent[] = [];
      reader.subscribe('novel-big', (event, local) => {
        expect(local).toBe(false);
        received.push(event);
      });
      // 3,000 bytes of raw text, about 18 KB as JSON (each control character becomes \u00XX), plus quotes,
      // newlines, CJK and emoji (never cut inside a surrogate pair).
      const text = '\u0001'.repeat(3000) + '"\n\\'.repeat(400) + '嵐の夜'.repeat(300) + '🌊'.repeat(300);
      const token = writer.begin('novel-big', 0, '', false);
      writer.publish('novel-big', text, token);
      writer.finish('novel-big', { type: 'done', novel: 'novel-big', status: 'done', wordCount: 1 }, token);
      await writer.flush();
      await waitFor(
        async () => received.some((e) => e.type === 'done'),
        (done) => done,
      );
      const deltas = received.filter((e): e is Extract<HubEvent, { type: 'delta' }> => e.type === 'delta');
      expect(deltas.length).toBeGreaterThan(1);
      let offset = 0;
      for (const delta of deltas) {
        expect(delta.offset).toBe(offset);
        offset += delta.text.length;
      }
      expect(deltas.map((d) => d.text).join('')).toBe(text);
      expect(log.lines).toEqual([]);
    } finally {
      await writer.closeAll();
      await reader.closeAll();
    }
  });
});
