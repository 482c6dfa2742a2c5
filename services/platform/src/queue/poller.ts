import type { Logger } from '../logger';

export interface PollerOptions {
  /** One run of the work; answers how much it did. */
  run: () => Promise<number>;
  /** The wait between the end of a run and the next one when nothing nudges. */
  intervalMs: number;
  logger: Logger;
  /** Logged with the error when a timed or nudged run fails (the next poll runs again). */
  failureMessage: string;
  /** The level of that log line (default error). */
  failureLevel?: 'warn' | 'error';
  /** Lets the process exit while only this timer is waiting. */
  unref?: boolean;
}

/**
 * The loop of a polled queue: runs the work every `intervalMs` once started, at once on `nudge()`,
 * never two runs at a time (a run asked for during one starts right after it, however many asked),
 * and `stop()` waits for the run in flight, after which no timed or nudged run starts.
 */
export class Poller {
  private state: 'idle' | 'started' | 'stopped' = 'idle';
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<number> | undefined;
  /** The one run waiting for the run in flight; every caller asking meanwhile shares it. */
  private queued: Promise<number> | undefined;

  constructor(private readonly options: PollerOptions) {}

  get started(): boolean {
    return this.state === 'started';
  }

  /** Polls every `intervalMs` from now on; the first run waits an interval unless nudged. */
  start(): void {
    if (this.state === 'started') return;
    this.state = 'started';
    if (!this.inFlight) this.schedule();
  }

  /** Runs now, or right after the run in flight; does nothing unless started. */
  nudge(): void {
    if (this.state !== 'started') return;
    this.run().catch((error: unknown) => this.options.logger[this.options.failureLevel ?? 'error']({ err: error }, this.options.failureMessage));
  }

  /**
   * A run that starts after this call (so it sees everything committed before it), whether started
   * or not: for `drain()`-style callers. Rejects with the run's error.
   */
  run(): Promise<number> {
    if (this.queued) return this.queued;
    const inFlight = this.inFlight;
    if (!inFlight) return this.begin();
    this.queued = inFlight
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.begin();
      });
    return this.queued;
  }

  /** Stops the timer and waits for the run in flight (and one already asked for). */
  async stop(): Promise<void> {
    this.state = 'stopped';
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await (this.queued ?? this.inFlight)?.catch(() => undefined);
  }

  private begin(): Promise<number> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const pass = this.options.run().finally(() => {
      this.inFlight = undefined;
      if (!this.queued) this.schedule();
    });
    this.inFlight = pass;
    return pass;
  }

  private schedule(): void {
    if (this.state !== 'started') return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.nudge();
    }, this.options.intervalMs);
    if (this.options.unref) this.timer.unref();
  }
}

/**
 * A background worker on a Poller: `runOnce()` is one round (answering how much it did), run every
 * `intervalMs` once started and at once on `nudge()`; a failed round is logged as a warning and the
 * next one runs as usual. The timer never keeps the process alive.
 */
export abstract class PolledWorker {
  protected readonly poller: Poller;

  constructor(options: { intervalMs: number; logger: Logger; failureMessage: string }) {
    this.poller = new Poller({ run: () => this.runOnce(), ...options, failureLevel: 'warn', unref: true });
  }

  /** One round of the work; answers how much it did. */
  abstract runOnce(): Promise<number>;

  start(): void {
    this.poller.start();
  }

  /** Asks for a round now (right after the one in flight). */
  nudge(): void {
    this.poller.nudge();
  }
}
