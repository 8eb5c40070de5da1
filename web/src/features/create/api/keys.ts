/** Query keys of the creation feature. */
export const createKeys = {
  all: ['create'] as const,
  writer: () => [...createKeys.all, 'writer'] as const,
};

/**
 * The novels feature's queries (works list, readers) share this root by the
 * features/<domain>/api/keys.ts convention; a new generation invalidates them
 * without importing that feature.
 */
export const NOVELS_ROOT_KEY = ['novels'] as const;
