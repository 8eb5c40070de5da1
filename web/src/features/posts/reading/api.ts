import type { AuthorPage, CommentPage, Comment, KudosResult, PostPage, ReadingSettings, Tag, Warning } from '@butterfic/contract';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client';
import { session } from '../../../lib/session';
import { nextPostCursor, type PostCursor } from '../api/list-posts';
import { postKeys } from '../api/keys';
import type { Post } from '../api/types';

export type { Tag, Warning };

/** Query keys of the reading layer (issue 51). */
export const readingKeys = {
  all: ['reading'] as const,
  comments: (post: string) => [...readingKeys.all, 'comments', post] as const,
  bookmarks: () => [...readingKeys.all, 'bookmarks'] as const,
  inbox: () => [...readingKeys.all, 'inbox'] as const,
  unread: () => ['inbox-unread'] as const,
  authors: (which: 'following' | 'muted') => [...readingKeys.all, which] as const,
  settings: () => [...readingKeys.all, 'settings'] as const,
};

/** Lays the answer of a toggle over the cached post page. */
function usePostToggle<T>(uid: string, path: string, body: Record<string, string>, apply: (post: Post, result: T) => Post) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<T>(path, body),
    onSuccess: (result) => {
      queryClient.setQueryData<Post>(postKeys.detail(uid), (post) => (post ? apply(post, result) : post));
      void queryClient.invalidateQueries({ queryKey: readingKeys.all });
    },
  });
}

export const useKudos = (uid: string) =>
  usePostToggle<KudosResult>(uid, '/post/kudos/', { post_uid: uid }, (post, r) => ({
    ...post,
    kudos_count: r.kudos_count,
    kudoed: r.kudoed,
  }));
export const useBookmark = (uid: string) =>
  usePostToggle<{ bookmarked: boolean }>(uid, '/post/bookmark/', { post_uid: uid }, (post, r) => ({ ...post, bookmarked: r.bookmarked }));
export const useFollow = (uid: string, author: string) =>
  usePostToggle<{ following: boolean }>(uid, '/user/follow/', { author_uid: author }, (post, r) => ({
    ...post,
    following_author: r.following,
  }));
export function useMute(uid: string, author: string) {
  const queryClient = useQueryClient();
  const toggle = usePostToggle<{ muted: boolean }>(uid, '/user/mute/', { author_uid: author }, (post, r) => ({
    ...post,
    muted_author: r.muted,
  }));
  return {
    ...toggle,
    mutate: () =>
      toggle.mutate(undefined, { onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...postKeys.all, 'feed'] }) }),
  };
}

/** Unmutes or unfollows from the profile's lists. */
export function useToggleAuthor(which: 'following' | 'muted') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (author: string) => api.post(which === 'following' ? '/user/follow/' : '/user/mute/', { author_uid: author }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: readingKeys.all });
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}

export const useComments = (post: string) =>
  useInfiniteQuery({
    queryKey: readingKeys.comments(post),
    queryFn: ({ pageParam, signal }) => api.get<CommentPage>('/post/comments/', { post_uid: post, page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });

export function useCommentWrite(post: string) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: readingKeys.comments(post) });
  return {
    create: useMutation({
      mutationFn: (input: { content: string; parent_uid?: string }) => api.post<Comment>('/post/comment/', { post_uid: post, ...input }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (comment: string) => api.post('/post/comment/delete/', { comment_uid: comment }),
      onSuccess: refresh,
    }),
  };
}

const postPages = (key: readonly unknown[], path: string) =>
  infiniteQueryOptions({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => api.get<PostPage>(path, { page: pageParam.page }, { signal }),
    initialPageParam: { page: 1 } as PostCursor,
    getNextPageParam: nextPostCursor,
    staleTime: 0,
  });

export const useBookmarks = () => useInfiniteQuery(postPages(readingKeys.bookmarks(), '/post/bookmarks/'));
export function useInbox() {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(postPages(readingKeys.inbox(), '/user/inbox/'));
  // Page 1 marks the inbox read: the badge follows.
  const loaded = query.isSuccess;
  useEffect(() => {
    if (loaded) queryClient.setQueryData(readingKeys.unread(), { unread: 0 });
  }, [loaded, queryClient]);
  return query;
}

export const useAuthors = (which: 'following' | 'muted') =>
  useInfiniteQuery({
    queryKey: readingKeys.authors(which),
    queryFn: ({ pageParam, signal }) =>
      api.get<AuthorPage>(which === 'following' ? '/user/following/' : '/user/muted/', { page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    staleTime: 0,
  });

/** The reader's saved filters: defaults for a visitor, without a call. */
export const useReadingSettings = () =>
  useQuery({
    queryKey: readingKeys.settings(),
    queryFn: ({ signal }) => api.get<ReadingSettings>('/user/reading/', {}, { signal }),
    enabled: session.isLoggedIn(),
    staleTime: 60_000,
  });

export function useSaveReadingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<ReadingSettings>) => api.post<ReadingSettings>('/user/reading/', changes),
    onSuccess: (settings) => {
      queryClient.setQueryData(readingKeys.settings(), settings);
      void queryClient.invalidateQueries({ queryKey: [...postKeys.all, 'feed'] });
    },
  });
}
