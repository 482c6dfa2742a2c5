/**
 * Runs page encodings a few at a time (sharp is CPU-bound and the machine is shared with every
 * other service), once per key however many requests want the same page at the same moment.
 */
export class RenderQueue {
  private readonly running = new Map<string, Promise<unknown>>();
  private readonly waiting: Array<() => void> = [];
  private active = 0;

  constructor(private readonly concurrency: number) {}

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const existing = this.running.get(key);
    if (existing) return existing as Promise<T>;
    const task = this.slot().then(async () => {
      try {
        return await work();
      } finally {
        this.running.delete(key);
        this.release();
      }
    });
    this.running.set(key, task);
    return task;
  }

  /** Resolves when everything started so far has finished (failures included). */
  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()]);
  }

  private async slot(): Promise<void> {
    if (this.active < this.concurrency) {
      this.active += 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** A finished task hands its slot straight to the next one waiting, so no newcomer can slip in between. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active -= 1;
  }
}
