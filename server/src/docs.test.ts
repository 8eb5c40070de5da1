import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from './env';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

describe('the docs', () => {
  it('keep the README to a page', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(120);
  });

  it('list every setting the app reads in docs/configuration.md', () => {
    const rows = read('docs/configuration.md')
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => line.split('|')[1]!);
    const listed = new Set(rows.flatMap((cell) => [...cell.matchAll(/`([A-Z_0-9]+)`/g)].map((m) => m[1]!)));
    expect(SETTINGS.length).toBeGreaterThan(50);
    expect(SETTINGS.filter((name) => !listed.has(name))).toEqual([]);
  });
});
