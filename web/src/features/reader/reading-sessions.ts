/**
 * Reading-session instrumentation (storefront spec §3 and §7): how long each page was on screen,
 * reported per comic and mode with `POST /account/instrumentation`. A report the server did not
 * take with status 200 is kept in local storage and sent again the next time the reader opens.
 */
import { readStored, writeStored } from '@inkwell/ui-kit/storage';
import type { ReaderMode } from './types';

export interface PageSession {
  /** 1-based. */
  pageNumber: number;
  start: string;
  end: string;
}

export interface ReadingSessionReport {
  comicId: string;
  mode: ReaderMode;
  /** Spec §3: Web, or the Steam-desktop build. */
  platform: 'Web' | 'Steam-desktop';
  pageSessions: PageSession[];
}

const UNSENT_KEY = 'readingSessionsUnsent';
/** Reports beyond this many unsent ones are dropped, oldest first, so storage stays small. */
const MAX_UNSENT_REPORTS = 50;

/**
 * Collects page sessions: `show` the page numbers now on screen (two in double-page view), and
 * each page that leaves the screen gets a session from when it was shown until then.
 */
export class PageSessionRecorder {
  private shown = new Map<number, Date>();
  private done: PageSession[] = [];

  show(pageNumbers: readonly number[], now: Date): void {
    for (const [pageNumber, start] of this.shown) {
      if (!pageNumbers.includes(pageNumber)) this.close(pageNumber, start, now);
    }
    for (const pageNumber of pageNumbers) {
      if (!this.shown.has(pageNumber)) this.shown.set(pageNumber, now);
    }
  }

  /** Ends every session, including those of the pages still on screen, and hands them over. */
  take(now: Date): PageSession[] {
    for (const [pageNumber, start] of this.shown) this.close(pageNumber, start, now);
    const sessions = this.done;
    this.done = [];
    return sessions;
  }

  /** Starts the pages still on screen over, as after a pause (the tab hidden and shown again). */
  resume(pageNumbers: readonly number[], now: Date): void {
    this.shown = new Map(pageNumbers.map((pageNumber) => [pageNumber, now]));
  }

  private close(pageNumber: number, start: Date, end: Date): void {
    this.shown.delete(pageNumber);
    if (end > start) this.done.push({ pageNumber, start: start.toISOString(), end: end.toISOString() });
  }
}

export function parseUnsentReports(stored: string | null): ReadingSessionReport[] {
  if (!stored) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (report: Partial<ReadingSessionReport> | null): report is ReadingSessionReport =>
        typeof report === 'object' && report !== null && typeof report.comicId === 'string' && typeof report.mode === 'string' && Array.isArray(report.pageSessions),
    );
  } catch {
    return [];
  }
}

/** `unsent` and `reports` together, the oldest dropped beyond the limit. */
export function withUnsentReports(unsent: readonly ReadingSessionReport[], reports: readonly ReadingSessionReport[]): ReadingSessionReport[] {
  return [...unsent, ...reports].slice(-MAX_UNSENT_REPORTS);
}

export const unsentReportsStore = {
  /** Takes every stored report out of storage, for sending. */
  takeAll(): ReadingSessionReport[] {
    const reports = parseUnsentReports(readStored(UNSENT_KEY));
    writeStored(UNSENT_KEY, null);
    return reports;
  },
  add(reports: readonly ReadingSessionReport[]): void {
    if (reports.length === 0) return;
    writeStored(UNSENT_KEY, JSON.stringify(withUnsentReports(parseUnsentReports(readStored(UNSENT_KEY)), reports)));
  },
};
