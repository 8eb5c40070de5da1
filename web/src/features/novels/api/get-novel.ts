import { useQuery } from '@tanstack/react-query';
import { novelDetailsQueryOptions } from '../../../lib/novel-details';

/** GET /novel/details/ for the readers (one cache entry per novel for every screen: lib/novel-details.ts). */
export const useNovel = (uid: string) => useQuery(novelDetailsQueryOptions(uid));
