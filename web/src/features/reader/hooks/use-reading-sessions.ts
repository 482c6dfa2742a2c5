import { useEffect, useRef } from 'react';
import { sendReadingSessions } from '../api/send-reading-sessions';
import { PageSessionRecorder, unsentReportsStore, type ReadingSessionReport } from '../reading-sessions';
import type { ReaderMode } from '../types';
import { READING_PLATFORM } from '@/lib/desktop';

/**
 * Records how long each page in `pageNumbers` (those on screen) stays there, and reports the
 * sessions per comic and mode when the mode changes or the reader closes. A hidden tab pauses the
 * clock; what was recorded until then is kept for the next report, since a page being unloaded
 * cannot be relied on to finish a request.
 */
export function useReadingSessions(comicId: string, mode: ReaderMode, pageNumbers: readonly number[]) {
  const recorder = useRef(new PageSessionRecorder());
  const onScreen = useRef(pageNumbers);
  onScreen.current = pageNumbers;
  const pagesKey = pageNumbers.join(',');

  useEffect(() => {
    recorder.current.show(onScreen.current, new Date());
  }, [pagesKey]);

  useEffect(() => {
    const sessions = recorder.current;
    sessions.resume(onScreen.current, new Date());
    const report = (): ReadingSessionReport => ({ comicId, mode, platform: READING_PLATFORM, pageSessions: sessions.take(new Date()) });
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') unsentReportsStore.add([report()].filter((entry) => entry.pageSessions.length > 0));
      else sessions.resume(onScreen.current, new Date());
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      void sendReadingSessions([report()]);
    };
  }, [comicId, mode]);
}
