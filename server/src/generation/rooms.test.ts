import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The engine's room points one way (docs/decisions/0051): generation/ knows jobs, novels and chapters
 * only through its port (job-store.ts), which modules/novels implements and app.ts injects. ESLint keeps
 * this too (eslint.config.js); this test reads every import of the engine's own files, tests aside.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const modules = path.resolve(here, '../modules');

function engineFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return engineFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** Every module specifier of a file: static and dynamic imports, and re-exports. */
const specifiers = (source: string) =>
  [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g)].map((match) => match[1]!);

describe('server/src/generation', () => {
  it('imports nothing of server/src/modules', () => {
    const files = engineFiles(here);
    expect(files.length).toBeGreaterThan(10);
    const wrong = files.flatMap((file) =>
      specifiers(fs.readFileSync(file, 'utf8'))
        .filter((spec) => spec.startsWith('.'))
        .map((spec) => path.resolve(path.dirname(file), spec))
        .filter((target) => target === modules || target.startsWith(modules + path.sep))
        .map((target) => `${path.relative(here, file)} → ${path.relative(path.dirname(here), target)}`),
    );
    expect(wrong).toEqual([]);
  });

  it('would see such an import', () => {
    expect(specifiers(`import { x } from '../modules/novels/versions';\nexport * from "./a";\nawait import('../b');`)).toEqual([
      '../modules/novels/versions',
      './a',
      '../b',
    ]);
  });
});
