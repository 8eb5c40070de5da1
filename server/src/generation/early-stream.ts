/**
 * While paced, the pieces a second one process sends at most, all its stories together: past
 * PIECES_PER_SECOND × paceMs / 1000 stories (80 at 40 ms) a story's pieces are spaced further apart,
 * 250 ms at 500 stories, so a burst never asks more pieces of the process than it can check and send
 * (decision 0045); whatever is not sent as a piece joins the next one, and a first piece is never held.
 */
const PIECES_PER_SECOND = 2000;
/** The most the spacing grows to (a stop or an end that arrives during the wait is seen this late at most). */
const MAX_SPACING_MS = 250;

/**
 * The least time between two pieces of one story while `active` stories are being written on the
 * process: none below `pacedFrom`, else `paceMs`, or more (up to MAX_SPACING_MS) when that many stories
 * would send more than PIECES_PER_SECOND pieces a second.
 */
export function pieceSpacing(active: number, paceMs: number, pacedFrom: number): number {
  if (active < pacedFrom || paceMs <= 0) return 0;
  return Math.max(paceMs, Math.min(MAX_SPACING_MS, (active * 1000) / PIECES_PER_SECOND));
}

/**
 * The model's answer, read from the moment the request is made and kept until the attempt reads it
 * (a prestart's answer arrives while the charge is being committed). Ends with the model's error, if any.
 */
export class EarlyStream implements AsyncIterable<string> {
  private readonly chunks: string[] = [];
  private finished = false;
  private failure: { error: unknown } | null = null;
  private waiting: (() => void) | null = null;

  /** Resolves when someone starts reading (or the request is aborted); null once they have. */
  private unread: Promise<void> | null = null;
  private startReading: () => void = () => undefined;

  /**
   * `pace`: asked before each piece (the runner paces only while many stories are being written);
   * the next piece goes no sooner than that many milliseconds after the last (what arrives meanwhile
   * joins it). The first piece is never held, nor an end or a failure that has already arrived.
   * 0: every read goes on at once.
   * `holdUntilRead`: until someone reads (a prestart's charge is still committing), only the first
   * chunk is taken in; the rest of the answer waits in the connection, costing the event loop
   * nothing while the commit's answer is on its way. Aborting the signal lets go of it.
   */
  constructor(
    source: AsyncIterable<string>,
    private readonly pace: () => number = () => 0,
    holdUntilRead?: AbortSignal,
  ) {
    if (holdUntilRead && !holdUntilRead.aborted) {
      this.unread = new Promise<void>((resolve) => (this.startReading = resolve));
      holdUntilRead.addEventListener('abort', () => this.startReading(), { once: true });
    }
    void this.pump(source);
  }

  private async pump(source: AsyncIterable<string>): Promise<void> {
    try {
      for await (const chunk of source) {
        this.chunks.push(chunk);
        this.waiting?.();
        if (this.unread) await this.unread;
      }
    } catch (error) {
      this.failure = { error };
    } finally {
      this.finished = true;
      this.waiting?.();
    }
  }

  async *[Symbol.asyncIterator](): AsyncIterator<string> {
    this.unread = null;
    this.startReading();
    let last = -Infinity;
    for (;;) {
      // Everything that arrived since the last read goes on as one piece: under load (a burst), one
      // output check, one publish and one write per reader instead of one per chunk. With a pace,
      // pieces are at least that far apart: a model's tokens 10 ms apart reach readers in a few
      // pieces a tenth of a second, and the CPU they no longer cost goes to other stories' first words.
      if (this.chunks.length > 0) {
        const wait = last + this.pace() - performance.now();
        if (wait >= 1 && !this.finished && !this.failure) await new Promise((resolve) => setTimeout(resolve, wait));
        yield this.chunks.splice(0).join('');
        last = performance.now();
        continue;
      }
      if (this.failure) throw this.failure.error;
      if (this.finished) return;
      await new Promise<void>((resolve) => (this.waiting = resolve));
      this.waiting = null;
    }
  }
}
