import fs from 'node:fs';
import path from 'node:path';

/** Less free space than this in DATA_DIR stops start-up: the embedded database could not even finish its start. */
export const MIN_FREE_BYTES = 64 * 1024 * 1024;
const PROBE_BYTES = 1024 * 1024;

type Fs = Pick<typeof fs, 'mkdirSync' | 'openSync' | 'writeSync' | 'fsyncSync' | 'closeSync' | 'rmSync' | 'statfsSync'>;

/**
 * Checks, before anything starts, that DATA_DIR can be created (0700, readable
 * by its owner only) and written and
 * has room: it creates the folder, writes and syncs a 1 MiB probe file,
 * removes it, and asks the file system for free space. Answers null when all
 * is well, else one line for the operator saying what is wrong and what to do.
 */
export function dataDirProblem(dir: string, files: Fs = fs): string | null {
  const probe = path.join(dir, `.write-check-${process.pid}`);
  const remove = () => {
    try {
      files.rmSync(probe, { force: true });
    } catch {
      /* never created */
    }
  };
  try {
    files.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const fd = files.openSync(probe, 'w', 0o600);
    try {
      // A nearly full disk takes part of a write and refuses the rest (ENOSPC on the next call).
      const block = Buffer.alloc(PROBE_BYTES);
      for (let written = 0; written < block.length;) written += files.writeSync(fd, block, written, block.length - written);
      files.fsyncSync(fd);
    } finally {
      files.closeSync(fd);
    }
  } catch (error) {
    remove();
    return describe(dir, error as NodeJS.ErrnoException);
  }
  remove();
  try {
    const stats = files.statfsSync(dir);
    const free = stats.bavail * stats.bsize;
    if (free < MIN_FREE_BYTES)
      return `DATA_DIR ${dir} has only ${Math.floor(free / 1024 / 1024)} MB free (at least ${MIN_FREE_BYTES / 1024 / 1024} MB needed): free some space or set DATA_DIR to a bigger disk`;
  } catch {
    /* no statfs here: the probe write was enough */
  }
  return null;
}

function describe(dir: string, error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return `DATA_DIR ${dir}: the disk is full (${error.code}): free some space or set DATA_DIR to a bigger disk`;
    case 'EACCES':
    case 'EPERM':
      return `DATA_DIR ${dir} is not writable by this user (${error.code}): give it write permission or set DATA_DIR to a writable folder`;
    case 'EROFS':
      return `DATA_DIR ${dir} is on a read-only file system (EROFS): set DATA_DIR to a writable folder`;
    case 'ENOTDIR':
    case 'EEXIST':
      return `DATA_DIR ${dir} is not a folder (${error.code}): set DATA_DIR to a folder`;
    default:
      return `DATA_DIR ${dir} cannot be written (${error.code ?? error.message}): set DATA_DIR to a writable folder`;
  }
}

/**
 * DATA_DIR holds the database, the signing secret and the dev outbox: created readable by its owner
 * only (0700). A folder that already exists keeps the mode its operator gave it. As root, the
 * embedded database's `postgres` account cannot enter a 0700 folder of root's, and keeps its cluster
 * in the stand-in folder db/embedded.ts records in DATA_DIR/pg-location.
 */
export function ensureDataDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
}
