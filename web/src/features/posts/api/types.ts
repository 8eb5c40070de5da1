export type { NovelDetails, Post, PostPage, PostSummary } from '@butterfic/contract';
