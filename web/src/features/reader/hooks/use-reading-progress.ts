import { useCallback, useEffect, useRef, useState } from 'react';
import { resumePage, unsentProgressStore, visitorProgressStore, type UnsentProgress } from '../reading-progress';
import type { ComicPages } from '../types';

/** A signed-in reader's saves wait this long for the next page turn, so fast reading sends one call, not one per page. */
const SAVE_DEBOUNCE_MS = 1500;

export interface ProgressSave {
  comicId: string;
  page: number;
  updatedAt: string;
}

interface Options {
  comic: ComicPages;
  /** The signed-in reader's id; null for a visitor, whose progress stays in this browser. */
  readerId: string | null;
  /** Sends a signed-in reader's progress (`PATCH /mycomics/{id}`). */
  save: (progress: ProgressSave) => Promise<void>;
}

/**
 * Where to open the comic, and `record` to keep the page being read. A signed-in reader's save is
 * written to local storage first and removed once the server has it, so a reload or a lost
 * connection resumes from it and sends it again.
 */
export function useReadingProgress({ comic, readerId, save }: Options) {
  const comicId = comic.comicID;
  const [startPage] = useState(() => {
    if (readerId === null) return resumePage(visitorProgressStore.get(comicId), comic.pageCount);
    return resumePage(unsentProgressStore.find(readerId, comicId)?.page ?? comic.readingProgress, comic.pageCount);
  });
  const lastRecorded = useRef(startPage);
  const pending = useRef<UnsentProgress | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const send = useCallback(
    (entry: UnsentProgress) => {
      save(entry).then(
        () => unsentProgressStore.remove(entry),
        // Kept in storage; the next visit sends it again.
        () => undefined,
      );
    },
    [save],
  );

  const flush = useCallback(() => {
    window.clearTimeout(timer.current);
    const entry = pending.current;
    pending.current = null;
    if (entry) send(entry);
  }, [send]);

  // Saves an earlier visit could not deliver.
  useEffect(() => {
    if (readerId === null) return;
    for (const entry of unsentProgressStore.all()) if (entry.userId === readerId) send(entry);
  }, [readerId, send]);

  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      flush();
    };
  }, [flush]);

  const record = useCallback(
    (page: number) => {
      if (page === lastRecorded.current) return;
      lastRecorded.current = page;
      if (readerId === null) {
        visitorProgressStore.set(comicId, page);
        return;
      }
      const entry = { userId: readerId, comicId, page, updatedAt: new Date().toISOString() };
      unsentProgressStore.add(entry);
      pending.current = entry;
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(flush, SAVE_DEBOUNCE_MS);
    },
    [comicId, readerId, flush],
  );

  return { startPage, record };
}
