import type { GenerateStatus } from '@butterfic/contract';
import type { generationJobs, novels } from '../db/schema';
import type { RefusalReason } from '../safety';

/**
 * The engine's port (docs/decisions/0051): everything the job loop (runner.ts) and the story memory
 * (memory.ts) read and write of jobs, novels and chapters goes through a JobStore. `modules/novels`
 * implements it (job-store.ts there) and app.ts injects it; generation/ imports nothing of modules/
 * (ESLint `no-restricted-imports` in eslint.config.js, and server/src/generation/rooms.test.ts).
 * Every write holds only for the worker that holds the job (`status = 'running' and worker_id = me`),
 * so a worker that lost its job can never overwrite the one that took it over.
 */
export interface JobStore {
  /** Claims up to `limit` runnable jobs for `workerId`, fairly across accounts, with a lease of `leaseSeconds`. */
  claim(options: { workerId: string; leaseSeconds: number; limit: number }): Promise<Job[]>;
  /** What each claimed job writes from: its novel's settings, its author, the chapters its version follows. */
  loadStories(jobs: Job[]): Promise<Map<string, StoredStory>>;
  /** Saves running jobs' texts and renews their leases, many in one statement. */
  saveProgress(saves: ProgressSave[]): Promise<SaveVerdict[]>;
  /** Finished chapters: their jobs and novels done, many in one statement. */
  complete(completions: Completion[]): Promise<CompleteVerdict[]>;
  /** After a stop: the worker's latest text replaces the saved one, unless the stop refunded the charge. */
  keepStoppedText(options: { job: Job; workerId: string; text: string; earlierWords: number }): Promise<void>;
  /** Fails a job for good and refunds its charge; answers the novel's new status, or null when not ours. */
  failForGood(options: { job: Job; workerId: string; code: 'model' | 'tries'; message: string }): Promise<GenerateStatus | null>;
  /** Ends a job the output check stopped, refunding what was not shown; null when not ours. */
  settleUnsafe(options: UnsafeEnd): Promise<{ status: GenerateStatus; failure: string } | null>;
  /** A failed try: back in the queue, claimable no earlier than `delayMs` from now. */
  requeue(options: { job: Job; workerId: string; message: string; delayMs: number }): Promise<void>;
  /** Hands a claimed job back without counting the try (this process is stopping, or its story could not be read). */
  release(options: { job: Job; workerId: string }): Promise<void>;
  /** The novel's status and word count as stored (told to readers after a stop). */
  novelOutcome(novelUid: string): Promise<{ status: GenerateStatus; words: number } | null>;
  /** What the story memory of a chapter version is written from; null when the chapter is gone. */
  memorySource(chapterId: number): Promise<MemorySource | null>;
  /** Keeps the story memory of a chapter version. */
  saveMemory(options: { chapterId: number; memory: string }): Promise<void>;
}

export type Job = typeof generationJobs.$inferSelect;

/** What a novel's settings give its prompt. */
export type NovelSettings = Pick<
  typeof novels.$inferSelect,
  'params' | 'firstPerson' | 'dialogueHeavy' | 'isR18' | 'language' | 'pinnedFacts' | 'authorNote'
>;

/** The chapters a version follows (oldest first), its text so far, its version number and the memory before it. */
export type StoryLine = { earlier: string[]; current: string; version: number; memory: string };

/** A claimed job with what it writes from; `job.chapterId` is the version it writes. */
export type StoredStory = { job: Job; author: string; novel: NovelSettings; line: StoryLine };

/** What a save learned: still ours, stopped by its author (ours to finish), or taken over by another worker. */
export type SaveVerdict = 'saved' | 'stopped' | 'lost';

/** One running job's save. */
export type ProgressSave = { job: Job; workerId: string; leaseSeconds: number; text: string; changed: boolean; earlierWords: number };

/** How a completion ended: written, stopped by its author first (ours to finish), or taken over by another worker. */
export type CompleteVerdict = 'done' | 'stopped' | 'lost';

/** One finished chapter. */
export type Completion = { job: Job; workerId: string; text: string; words: number };

/** A job the output check stopped: what readers were shown is kept (`kept`; '' when the whole chapter goes). */
export type UnsafeEnd = { job: Job; workerId: string; reason: RefusalReason; kept: string; shownChars: number; targetChars: number };

/** A chapter version's text with what its memory prompt needs, and the memory before it. */
export type MemorySource = {
  index: number;
  content: string;
  previous: string;
  novel: Pick<typeof novels.$inferSelect, 'language' | 'params' | 'pinnedFacts' | 'isR18'>;
};
