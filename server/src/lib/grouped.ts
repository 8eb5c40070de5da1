/**
 * Many callers, few statements (group commit): `add` hands an item to `run` together with the items
 * of other callers that came while earlier groups were at the database, and answers the item's own
 * result. A lone item goes at once; under a burst, up to `lanes` groups are under way at a time and
 * the rest wait for the next, at most `max` items each. Items are sent at the end of the event loop's
 * turn in which they came (setImmediate), so what arrived together goes together. A failed group is
 * tried again item by item, so one bad item (text the database refuses) fails only its own caller; `run`
 * must be all or nothing (one transaction), so the failed group wrote nothing.
 */
export class Grouped<In, Out> {
  private waiting: { item: In; settle: (result: Out | Error) => void }[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly run: (items: In[]) => Promise<Out[]>,
    private readonly options: { max: number; lanes: number },
  ) {}

  add(item: In): Promise<Out> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, settle: (result) => (result instanceof Error ? reject(result) : resolve(result)) });
      // Sent once this turn of the event loop has taken in what else arrived with it.
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.send();
        });
      }
    });
  }

  private send(): void {
    while (this.inFlight < this.options.lanes && this.waiting.length > 0) {
      const group = this.waiting.splice(0, this.options.max);
      this.inFlight++;
      void this.settle(group)
        .finally(() => {
          this.inFlight--;
          this.send();
        });
    }
  }

  private async settle(group: { item: In; settle: (result: Out | Error) => void }[]): Promise<void> {
    try {
      const results = await this.run(group.map((g) => g.item));
      group.forEach((g, i) => g.settle(results[i]!));
    } catch (error) {
      if (group.length === 1) {
        group[0]!.settle(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      await Promise.all(group.map((g) => this.settle([g])));
    }
  }
}
