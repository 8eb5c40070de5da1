import { describe, expect, it } from 'vitest';
import { startDetached } from './embedded';

describe('startDetached (how the embedded PostgreSQL is launched)', () => {
  it('turns a missing binary into one clear error instead of ending the process', async () => {
    const missing = '/nonexistent/butterfic/postgres';
    await expect(startDetached(missing, ['-D', '/tmp'], { stdio: 'ignore' })).rejects.toThrow(`could not start ${missing}`);
  });

  it('resolves with the pid of a binary that runs', async () => {
    const pid = await startDetached(process.execPath, ['-e', ''], { stdio: 'ignore' });
    expect(pid).toBeGreaterThan(0);
  });
});
