import type { Language, Tag, Warning } from '@butterfic/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postKeys } from './keys';
import type { Post } from './types';

/** `allowDownload`: readers may download the post as an EPUB (issue 30). */
export type PostInput = {
  title: string;
  content: string;
  isPublic: boolean;
  novelModified: boolean;
  allowDownload: boolean;
  /** Issue 51: left out on create, a post from a novel starts with its characters. */
  tags?: Tag[] | undefined;
  warnings?: Warning[] | undefined;
  commentsOff?: boolean | undefined;
};
/** `requestId`: one per post form, so a retried create answers the post it already made. */
export type NewPostInput = PostInput & { novelUid?: string; language: Language; requestId?: string };

/** POST /post/create/ (SPEC.md section 7). */
export const createPost = (input: NewPostInput) =>
  api.post<Post>('/post/create/', {
    title: input.title,
    content: input.content,
    novel_id: input.novelUid,
    novel_modified: input.novelModified ? 1 : 0,
    is_public: input.isPublic ? 1 : 0,
    allow_download: input.allowDownload ? 1 : 0,
    language: input.language,
    request_id: input.requestId,
    tags: input.tags,
    warnings: input.warnings,
    comments_off: input.commentsOff ? 1 : 0,
  });

/** POST /post/edit/: author only. */
export const editPost = (uid: string, input: PostInput) =>
  api.post<Post>('/post/edit/', {
    post_uid: uid,
    title: input.title,
    content: input.content,
    novel_modified: input.novelModified ? 1 : 0,
    is_public: input.isPublic ? 1 : 0,
    allow_download: input.allowDownload ? 1 : 0,
    tags: input.tags,
    warnings: input.warnings,
    comments_off: input.commentsOff ? 1 : 0,
  });

/** POST /post/delete/: author only. */
export const deletePost = (uid: string) => api.post<{ deleted: true }>('/post/delete/', { post_uid: uid });

/** Creates (no `uid`) or edits a post; the lists and the post's own page are refreshed. */
export function useSavePost(uid?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewPostInput) => (uid ? editPost(uid, input) : createPost(input)),
    // One save at a time per post: a double click never creates two posts.
    scope: { id: `posts:save:${uid ?? 'new'}` },
    onSuccess: (post) => {
      queryClient.setQueryData(postKeys.detail(post.uid), post);
      void queryClient.invalidateQueries({ queryKey: postKeys.mine() });
      void queryClient.invalidateQueries({ queryKey: [...postKeys.all, 'feed'] });
    },
  });
}

export function useDeletePost(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deletePost(uid),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: postKeys.detail(uid) });
      void queryClient.invalidateQueries({ queryKey: postKeys.mine() });
      void queryClient.invalidateQueries({ queryKey: [...postKeys.all, 'feed'] });
    },
  });
}
