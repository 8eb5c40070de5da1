/**
 * The model's answer, read from the moment the request is made and kept until the attempt reads it
 * (a prestart's answer arrives while the charge is being committed). Ends with the model's error, if any.
 * Everything that arrived since the last read goes on as one piece: under a burst, one output check,
 * one publish and one write per reader for several chunks.
 */
export class EarlyStream implements AsyncIterable<string> {
  private readonly chunks: string[] = [];
  private finished = false;
  private failure: { error: unknown } | null = null;
  private waiting: (() => void) | null = null;

  constructor(source: AsyncIterable<string>) {
    void this.pump(source);
  }

  private async pump(source: AsyncIterable<string>): Promise<void> {
    try {
      for await (const chunk of source) {
        this.chunks.push(chunk);
        this.waiting?.();
      }
    } catch (error) {
      this.failure = { error };
    } finally {
      this.finished = true;
      this.waiting?.();
    }
  }

  async *[Symbol.asyncIterator](): AsyncIterator<string> {
    for (;;) {
      if (this.chunks.length > 0) {
        yield this.chunks.splice(0).join('');
        continue;
      }
      if (this.failure) throw this.failure.error;
      if (this.finished) return;
      await new Promise<void>((resolve) => (this.waiting = resolve));
      this.waiting = null;
    }
  }
}
