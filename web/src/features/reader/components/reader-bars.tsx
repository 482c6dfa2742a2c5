import { useCallback, useId, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CloseIcon, ChevronLeftIcon, ChevronRightIcon } from '@inkwell/ui-kit/icons';
import { useDismiss } from '@/hooks/use-dismiss';
import { ExitFullscreenIcon, FullscreenIcon, SettingsIcon, SkipBackIcon, SkipForwardIcon } from './reader-icons';
import styles from './reader-bars.module.css';

interface TopBarProps {
  seriesTitle: string | null;
  seriesHref: string | null;
  title: string;
  onClose: () => void;
  fullscreen: boolean | null;
  onToggleFullscreen: () => void;
  settingsOpen: boolean;
  onSettingsOpenChange: (open: boolean) => void;
  /** The settings panel, rendered under its button while open. */
  renderSettings: (id: string) => ReactNode;
}

/** Close, what is being read, and the reader's settings. `fullscreen` is null where the browser has no full screen. */
export function ReaderTopBar({ seriesTitle, seriesHref, title, onClose, fullscreen, onToggleFullscreen, settingsOpen, onSettingsOpenChange, renderSettings }: TopBarProps) {
  const panelId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const close = useCallback(() => onSettingsOpenChange(false), [onSettingsOpenChange]);
  useDismiss(settingsOpen, close, { panel, trigger });

  return (
    <div className={styles.top}>
      <button type="button" className={styles.iconButton} onClick={onClose} aria-label="Close reader">
        <CloseIcon />
      </button>
      <div className={styles.heading}>
        {seriesTitle &&
          (seriesHref ? (
            <Link to={seriesHref} className={styles.series}>
              {seriesTitle}
            </Link>
          ) : (
            <span className={styles.series}>{seriesTitle}</span>
          ))}
        <h1 className={styles.title}>{title}</h1>
      </div>
      {fullscreen !== null && (
        <button type="button" className={styles.iconButton} onClick={onToggleFullscreen} aria-label={fullscreen ? 'Leave full screen' : 'Full screen'}>
          {fullscreen ? <ExitFullscreenIcon /> : <FullscreenIcon />}
        </button>
      )}
      <button
        ref={trigger}
        type="button"
        className={styles.iconButton}
        aria-label="Reading settings"
        aria-expanded={settingsOpen}
        aria-controls={settingsOpen ? panelId : undefined}
        onClick={() => onSettingsOpenChange(!settingsOpen)}
      >
        <SettingsIcon />
      </button>
      {settingsOpen && <div ref={panel}>{renderSettings(panelId)}</div>}
    </div>
  );
}

interface Option {
  value: string;
  label: string;
}

interface BottomBarProps {
  chapters: readonly Option[];
  chapter: string;
  onChapterChange: (value: string) => void;
  views: readonly Option[];
  view: string;
  onViewChange: (value: string) => void;
  pageCount: number;
  /** Share of the comic read, 0 to 1. */
  progress: number;
  onPreviousPage: () => void;
  onNextPage: () => void;
  reverse: boolean;
  previousChapter: string | null;
  nextChapter: string | null;
  onPreviousChapter: () => void;
  onNextChapter: () => void;
}

/** Chapter and page dropdowns, page and chapter steps, and how far through the comic the reader is. */
export function ReaderBottomBar(props: BottomBarProps) {
  const { chapters, chapter, onChapterChange, views, view, onViewChange, pageCount, progress, onPreviousPage, onNextPage, reverse } = props;
  const { previousChapter, nextChapter, onPreviousChapter, onNextChapter } = props;
  const chapterId = useId();
  const pageId = useId();
  // Right to left, steps forward sit on the left and point left, the way the pages run.
  const chapterSteps = {
    previous: (
      <button type="button" className={styles.iconButton} onClick={onPreviousChapter} disabled={previousChapter === null} aria-label={previousChapter ? `Previous: ${previousChapter}` : 'No previous chapter'}>
        {reverse ? <SkipForwardIcon /> : <SkipBackIcon />}
      </button>
    ),
    next: (
      <button type="button" className={styles.iconButton} onClick={onNextChapter} disabled={nextChapter === null} aria-label={nextChapter ? `Next: ${nextChapter}` : 'No next chapter'}>
        {reverse ? <SkipBackIcon /> : <SkipForwardIcon />}
      </button>
    ),
  };
  const pageSteps = {
    previous: (
      <button type="button" className={styles.iconButton} onClick={onPreviousPage} aria-label="Previous page">
        {reverse ? <ChevronRightIcon /> : <ChevronLeftIcon />}
      </button>
    ),
    next: (
      <button type="button" className={styles.iconButton} onClick={onNextPage} aria-label="Next page">
        {reverse ? <ChevronLeftIcon /> : <ChevronRightIcon />}
      </button>
    ),
  };

  return (
    <div className={styles.bottom}>
      <div className={styles.progress} role="progressbar" aria-label="Read so far" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress * 100)}>
        <span className={[styles.progressFill, reverse && styles.progressReverse].filter(Boolean).join(' ')} style={{ transform: `scaleX(${progress})` }} />
      </div>
      <div className={styles.bottomRow}>
        {reverse ? chapterSteps.next : chapterSteps.previous}
        <label className="visually-hidden" htmlFor={chapterId}>
          Chapter
        </label>
        <select id={chapterId} className={[styles.select, styles.chapterSelect].join(' ')} value={chapter} onChange={(event) => onChapterChange(event.target.value)} disabled={chapters.length < 2}>
          {chapters.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <div className={styles.pageGroup}>
          {reverse ? pageSteps.next : pageSteps.previous}
          <label className="visually-hidden" htmlFor={pageId}>
            Page
          </label>
          <select id={pageId} className={styles.select} value={view} onChange={(event) => onViewChange(event.target.value)}>
            {views.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <span className={styles.pageCount}>of {pageCount}</span>
          {reverse ? pageSteps.previous : pageSteps.next}
        </div>
        {reverse ? chapterSteps.previous : chapterSteps.next}
      </div>
    </div>
  );
}
