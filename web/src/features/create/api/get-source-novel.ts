import { useQuery } from '@tanstack/react-query';
import { novelDetailsQueryOptions } from '../../../lib/novel-details';

/** The earlier novel whose options prefill /article/create/{id} (the readers' cache entry for it). */
export const useSourceNovel = (uid: string) => useQuery(novelDetailsQueryOptions(uid));
