import { STATUS } from '@butterfic/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import { personaKeys } from './keys';
import type { Persona } from './types';

/** GET /persona/details/: 404001 when unknown or taken down, 403001 for an adult persona the viewer may not see. */
export const getPersona = (uid: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<Persona>('/persona/details/', { persona_uid: uid }, { signal });

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
