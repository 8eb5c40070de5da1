import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { session } from './session';

/** The shell's inbox badge (issue 51): new posts of followed authors since the inbox was last opened. */
export const useInboxUnread = () =>
  useQuery({
    queryKey: ['inbox-unread'],
    queryFn: ({ signal }) => api.get<{ unread: number }>('/user/inbox/unread/', {}, { signal }),
    enabled: session.isLoggedIn(),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
