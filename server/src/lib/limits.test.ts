import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LIMITS } from './limits';

const readme = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/configuration.md'), 'utf8');
const window = (seconds: number) =>
  seconds % 86400 === 0 ? `${seconds / 86400} d` : seconds % 3600 === 0 ? `${seconds / 3600} h` : `${seconds / 60} min`;

describe('the table of limits', () => {
  it('is what docs/configuration.md tells operators, row for row', () => {
    const rows = readme.split('\n').filter((line) => /^\| `[A-Za-z]+` \| \d+ \|/.test(line));
    const listed = Object.fromEntries(rows.map((row) => [row.split('`')[1], row]));
    for (const [name, limit] of Object.entries(LIMITS)) {
      expect(listed[name], `docs/configuration.md has no row for ${name}`).toBeDefined();
      expect(listed[name]).toContain(`| ${limit.max} | ${window(limit.windowSeconds)} |`);
    }
    expect(Object.keys(listed).sort()).toEqual(Object.keys(LIMITS).sort());
  });
});
