import type { GenerateResult, Novel, NovelDetails, StopResult } from '@butterfic/contract';

/** The parsed type of a contract schema (the web does not import zod itself). */
type Infer<S extends { parse: (value: unknown) => unknown }> = ReturnType<S['parse']>;

export type { GenerateStatus, Novel, NovelDetails, NovelShare, StreamEvent } from '@butterfic/contract';
export type Chapter = NovelDetails['chapters'][number];
export type NovelPage = { results: Novel[]; page: number; page_size: number; has_more: boolean };
export type ContinueOutput = Infer<typeof GenerateResult>;
export type StopOutput = Infer<typeof StopResult>;
