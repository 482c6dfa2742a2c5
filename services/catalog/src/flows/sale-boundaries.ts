import type { Cache, Logger, Queryable } from '@inkwell/platform';
import { PUBLISH_STATUS_CODES } from '../domain';
import { invalidateReads, setReadHorizon } from '../routes/read-cache';

/**
 * Prices change at the clock, not at an event: a published campaign's discounts start at its start
 * instant and stop just after its end instant (the sale runs up to and including the end). The
 * storefront's cached answers would show the old prices until they expired, so this keeps a timer
 * for the next such instant of any published campaign and drops every cached read when it comes,
 * then arms itself for the one after. It is re-armed at boot and on every sales-campaign.changed
 * event, and in any case at least every `recheckMs`: a replica that did not get the event (its
 * consumer group's other member did) still learns of a new boundary within that time. The
 * instant is reckoned on the database's clock (the one the price queries read `now()` from).
 *
 * Until the timer fires, cached answers are also kept no longer than the next boundary (see
 * `setReadHorizon`), so nothing cached outlives it even if this process stops.
 */
export class SaleBoundaries {
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private arming: Promise<void> = Promise.resolve();
  /** When the timer fires (epoch ms, this process's clock), for tests and logs. */
  nextAt: number | undefined;

  constructor(
    private readonly context: { db: Queryable; cache: Cache; logger: Pick<Logger, 'warn' | 'info'> },
    private readonly options: { recheckMs?: number; marginMs?: number } = {},
  ) {}

  /** Milliseconds from the database's now to the next start, and to just after the next end. */
  private async untilNext(): Promise<number | null> {
    const margin = this.options.marginMs ?? 20;
    const { rows } = await this.context.db.query<{ ms: string | null }>(
      `SELECT EXTRACT(EPOCH FROM (min(t) - clock_timestamp())) * 1000 AS ms FROM (
         SELECT min(start_date) AS t FROM sales_campaigns WHERE status = $1 AND start_date > clock_timestamp()
         UNION ALL
         SELECT min(end_date + make_interval(secs => $2::double precision / 1000)) FROM sales_campaigns WHERE status = $1 AND end_date + make_interval(secs => $2::double precision / 1000) > clock_timestamp()
         UNION ALL
         -- A scheduled home page wheel group goes live at its publish date, which no event marks either.
         SELECT min(publish_date) FROM wheel_groups WHERE status = $3 AND publish_date > clock_timestamp()
       ) AS boundaries`,
      [PUBLISH_STATUS_CODES.Published, margin, PUBLISH_STATUS_CODES.Scheduled],
    );
    const ms = rows[0]?.ms;
    return ms === null || ms === undefined ? null : Math.max(0, Number(ms));
  }

  /** Looks up the next boundary and sets the timer for it (or for the next recheck). */
  arm(): Promise<void> {
    this.arming = this.arming.then(() => this.armNow()).catch((error: unknown) => {
      this.context.logger.warn({ err: error }, 'sale boundaries: could not read the next campaign start or end');
      this.schedule(this.options.recheckMs ?? 60_000, false);
    });
    return this.arming;
  }

  private async armNow(): Promise<void> {
    if (this.closed) return;
    const until = await this.untilNext();
    const recheck = this.options.recheckMs ?? 60_000;
    setReadHorizon(this.context.cache, until === null ? undefined : Date.now() + until);
    if (until === null || until > recheck) this.schedule(recheck, false);
    else this.schedule(until, true);
  }

  private schedule(ms: number, boundary: boolean): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.nextAt = Date.now() + ms;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.fire(boundary);
    }, ms);
    this.timer.unref();
  }

  private async fire(boundary: boolean): Promise<void> {
    if (this.closed) return;
    if (boundary) {
      try {
        const dropped = await invalidateReads(this.context.cache);
        this.context.logger.info({ dropped }, 'sale boundaries: a campaign started or ended; cached storefront reads dropped');
      } catch (error) {
        this.context.logger.warn({ err: error }, 'sale boundaries: could not drop cached reads');
      }
    }
    await this.arm();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.arming;
  }
}
