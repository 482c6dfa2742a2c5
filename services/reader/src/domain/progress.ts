/**
 * Reading progress (storefront spec §3 reading progress payload, §4 "Reading is complete when
 * progress reaches page count minus 1"). Progress is the 0-based index of the page to resume at.
 */
import { READER_MESSAGES } from './messages';

export function isCompleted(progress: number, pageCount: number): boolean {
  return pageCount > 0 && progress >= pageCount - 1;
}

/** Why `progress` cannot be stored for a publication of `pageCount` pages, or undefined when it can. */
export function progressProblem(progress: number, pageCount: number): string | undefined {
  if (pageCount <= 0) return READER_MESSAGES.noPagesForProgress;
  if (!Number.isInteger(progress) || progress < 0 || progress > pageCount - 1) {
    return READER_MESSAGES.progressOutOfRange(pageCount);
  }
  return undefined;
}

/** Where to resume: the stored page, kept inside a page set that may have shrunk since. */
export function resumeAt(progress: number | undefined, pageCount: number): number {
  if (progress === undefined || pageCount <= 0) return 0;
  return Math.min(Math.max(progress, 0), pageCount - 1);
}

/**
 * The time a progress write counts as made: the device's own clock (so a write queued offline does
 * not beat a later one from another device), but never later than now, so a device whose clock runs
 * ahead cannot win every later write.
 */
export function writtenAt(claimed: Date | undefined, now: Date): Date {
  return claimed === undefined || claimed.getTime() > now.getTime() ? now : claimed;
}
