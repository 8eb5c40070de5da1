import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines };
}

describe('server logs', () => {
  it('are one JSON object per line for machines', () => {
    const { stream, lines } = capture();
    const logger = createLogger({ level: 'info', pretty: false, destination: stream });
    logger.info({ reqId: 'r-1' }, 'serving http://127.0.0.1:8080');
    logger.debug('below the level');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 30, msg: 'serving http://127.0.0.1:8080', reqId: 'r-1', pid: process.pid });
  });

  it('are readable lines for people at a terminal: time, level, message, then the details', () => {
    const { stream, lines } = capture();
    const logger = createLogger({ level: 'info', pretty: true, destination: stream });
    logger.warn({ reqId: 'r-2' }, 'web/dist is missing');
    expect(lines[0]).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] WARN: web\/dist is missing$/);
    expect(lines.join('\n')).toContain('reqId: "r-2"');
    expect(lines.join('\n')).not.toContain('"level"');
    expect(lines.join('\n')).not.toContain(String(process.pid));
  });
});
