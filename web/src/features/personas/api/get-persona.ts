import { STATUS } from '@butterfic/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import { personaKeys } from './keys';
import type { Persona } from './types';

/**
 * POST /persona/details/ with a form-encoded `persona_uid`, as SPEC.md section 7 and the seed client send it
 * (the server keeps GET for links and curl: docs/decisions/0011-spec-departures.md). 404001 when unknown or
 * taken down, 403001 for an adult persona the viewer may not see.
 */
export const getPersona = (uid: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.post<Persona>('/persona/details/', { persona_uid: uid }, { form: true, signal });

/** Answers that asking again will not change. */
export const isFinalError = (error: unknown): boolean =>
  error instanceof ApiError && (error.code === STATUS.notFound || error.code === STATUS.forbidden);

export const personaQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: personaKeys.detail(uid),
    queryFn: ({ signal }) => getPersona(uid, { signal }),
    retry: (failures, error) => !isFinalError(error) && failures < 1,
  });

export const usePersona = (uid: string) => useQuery(personaQueryOptions(uid));
