import { afterEach, beforeEach, expect, vi } from 'vitest';

/**
 * Web unit tests fail on an unexpected console.error (a React warning, an act() slip, an error a
 * component swallowed and logged): what would be noise in a reader's console is a failed test here.
 * A test that means to provoke one calls `expectConsoleError()` first.
 */
let allowed = false;
let calls: unknown[][] = [];

export function expectConsoleError(): void {
  allowed = true;
}

beforeEach(() => {
  allowed = false;
  calls = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    calls.push(args);
  });
});

afterEach(() => {
  const seen = calls;
  vi.mocked(console.error).mockRestore();
  if (!allowed)
    expect(
      seen.map((args) => args.map(String).join(' ')),
      'unexpected console.error',
    ).toEqual([]);
});
