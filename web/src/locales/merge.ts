/** Merges a language's JSON parts (one per feature) into one translation. */
export function mergeParts(parts: Record<string, Record<string, unknown>>): Record<string, unknown> {
  return Object.keys(parts)
    .sort()
    .reduce<Record<string, unknown>>((all, file) => ({ ...all, ...parts[file] }), {});
}
