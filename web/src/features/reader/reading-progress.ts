/**
 * Reading progress kept in the browser. A visitor's progress lives only here. A signed-in reader's
 * lives on the server (`PATCH /mycomics/{id}`); a save not yet confirmed waits here, so a reload
 * or a dropped connection resumes from it and sends it again instead of losing it.
 *
 * Progress is the 0-based index of the page to resume at; a comic is read once it reaches its
 * last page (storefront spec §4: page count minus 1).
 */
import { readStored, writeStored } from '@inkwell/ui-kit/storage';

const KEYS = {
  /** Visitor: `{ [comicId]: { page, updatedAt } }`. */
  visitor: 'readingProgress',
  /** Signed-in reader's saves still to confirm: `[{ userId, comicId, page, updatedAt }]`. */
  unsent: 'readingProgressUnsent',
} as const;

/** The oldest entries go first once a visitor has this many comics stored. */
const MAX_STORED_COMICS = 200;

export interface StoredProgress {
  page: number;
  updatedAt: string;
}

export interface UnsentProgress extends StoredProgress {
  userId: string;
  comicId: string;
}

const isPageIndex = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

function parseJson(stored: string | null): unknown {
  if (!stored) return null;
  try {
    return JSON.parse(stored);
  } catch {
    return null;
  }
}

/** The visitor's stored progress; anything unreadable counts as none. */
export function parseVisitorProgress(stored: string | null): Record<string, StoredProgress> {
  const parsed = parseJson(stored);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const entries = Object.entries(parsed as Record<string, unknown>).filter(
    (entry): entry is [string, StoredProgress] => {
      const value = entry[1] as Partial<StoredProgress> | null;
      return typeof value === 'object' && value !== null && isPageIndex(value.page) && typeof value.updatedAt === 'string';
    },
  );
  return Object.fromEntries(entries);
}

/** `progress` with `comicId` set to `page`, dropping the least recently read beyond the limit. */
export function withVisitorProgress(progress: Record<string, StoredProgress>, comicId: string, page: number, now: Date): Record<string, StoredProgress> {
  const next = { ...progress, [comicId]: { page, updatedAt: now.toISOString() } };
  const ids = Object.keys(next);
  if (ids.length <= MAX_STORED_COMICS) return next;
  const newestFirst = ids.sort((a, b) => next[b]!.updatedAt.localeCompare(next[a]!.updatedAt));
  return Object.fromEntries(newestFirst.slice(0, MAX_STORED_COMICS).map((id) => [id, next[id]!]));
}

export function parseUnsentProgress(stored: string | null): UnsentProgress[] {
  const parsed = parseJson(stored);
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(
    (entry: Partial<UnsentProgress> | null): entry is UnsentProgress =>
      typeof entry === 'object' && entry !== null && typeof entry.userId === 'string' && typeof entry.comicId === 'string' && isPageIndex(entry.page) && typeof entry.updatedAt === 'string',
  );
}

/** `unsent` with `entry` replacing any earlier save of the same comic by the same reader. */
export function withUnsent(unsent: readonly UnsentProgress[], entry: UnsentProgress): UnsentProgress[] {
  return [...unsent.filter((other) => other.userId !== entry.userId || other.comicId !== entry.comicId), entry];
}

/** `unsent` without `entry`, unless a later save of the same comic replaced it meanwhile. */
export function withoutUnsent(unsent: readonly UnsentProgress[], entry: UnsentProgress): UnsentProgress[] {
  return unsent.filter((other) => !(other.userId === entry.userId && other.comicId === entry.comicId && other.updatedAt === entry.updatedAt));
}

/**
 * The page to open a comic at: the stored progress within the comic, except that a comic read to
 * its end opens at its start again.
 */
export function resumePage(progress: number | null | undefined, pageCount: number): number {
  if (!isPageIndex(progress) || pageCount <= 0) return 0;
  if (progress >= pageCount - 1) return 0;
  return progress;
}

export function isCompleted(progress: number, pageCount: number): boolean {
  return pageCount > 0 && progress >= pageCount - 1;
}

export const visitorProgressStore = {
  get(comicId: string): number | null {
    return parseVisitorProgress(readStored(KEYS.visitor))[comicId]?.page ?? null;
  },
  set(comicId: string, page: number): void {
    writeStored(KEYS.visitor, JSON.stringify(withVisitorProgress(parseVisitorProgress(readStored(KEYS.visitor)), comicId, page, new Date())));
  },
};

export const unsentProgressStore = {
  all(): UnsentProgress[] {
    return parseUnsentProgress(readStored(KEYS.unsent));
  },
  find(userId: string, comicId: string): UnsentProgress | undefined {
    return this.all().find((entry) => entry.userId === userId && entry.comicId === comicId);
  },
  add(entry: UnsentProgress): void {
    writeStored(KEYS.unsent, JSON.stringify(withUnsent(this.all(), entry)));
  },
  remove(entry: UnsentProgress): void {
    const rest = withoutUnsent(this.all(), entry);
    writeStored(KEYS.unsent, rest.length > 0 ? JSON.stringify(rest) : null);
  },
};
