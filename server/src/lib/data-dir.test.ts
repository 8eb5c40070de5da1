import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataDirProblem, MIN_FREE_BYTES } from './data-dir';

const fail = (code: string) => () => {
  throw Object.assign(new Error(code), { code });
};

/** The real file system, with one call replaced. */
const withFs = (override: Partial<typeof fs>) => ({ ...fs, ...override }) as typeof fs;

describe('dataDirProblem', () => {
  it('accepts a writable folder with room and leaves nothing behind', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butterfic-datadir-'));
    try {
      expect(dataDirProblem(path.join(dir, 'nested'))).toBeNull();
      expect(fs.readdirSync(path.join(dir, 'nested'))).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names each way a folder cannot be used in one line', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butterfic-datadir-'));
    try {
      expect(dataDirProblem(dir, withFs({ mkdirSync: fail('EACCES') as never }))).toBe(
        `DATA_DIR ${dir} is not writable by this user (EACCES): give it write permission or set DATA_DIR to a writable folder`,
      );
      expect(dataDirProblem(dir, withFs({ openSync: fail('EROFS') as never }))).toMatch(/read-only file system \(EROFS\)/);
      expect(dataDirProblem(dir, withFs({ writeSync: fail('ENOSPC') as never }))).toMatch(/the disk is full \(ENOSPC\)/);
      expect(dataDirProblem(dir, withFs({ fsyncSync: fail('EIO') as never }))).toMatch(/cannot be written \(EIO\)/);
      // A disk that takes part of the probe and then refuses the rest.
      let calls = 0;
      const partial = ((fd: number, buffer: Buffer, offset: number, length: number) => {
        if (++calls > 1) fail('ENOSPC')();
        return fs.writeSync(fd, buffer, offset, Math.min(length, 4096));
      }) as never;
      expect(dataDirProblem(dir, withFs({ writeSync: partial }))).toMatch(/the disk is full/);
      const nearlyFull = (() => ({ bavail: 10, bsize: 4096 })) as never;
      expect(dataDirProblem(dir, withFs({ statfsSync: nearlyFull }))).toBe(
        `DATA_DIR ${dir} has only 0 MB free (at least ${MIN_FREE_BYTES / 1024 / 1024} MB needed): free some space or set DATA_DIR to a bigger disk`,
      );
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
