import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { ChevronLeftIcon, ChevronRightIcon } from '@inkwell/ui-kit/icons';
import { SITE_NAME } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { sendAnalyticsEvent } from '@/lib/analytics';
import { getComicPage } from '../api/get-comic-page';
import { getComicPagesQueryOptions } from '../api/get-comic-pages';
import { dropDocumentFirstPage } from '../document-first-page';
import { useSeriesItems } from '../api/get-series-items';
import { useSuggestions } from '../api/get-suggestions';
import { useCloseReader } from '../hooks/use-close-reader';
import { useControls } from '../hooks/use-controls';
import { useElementSize } from '../hooks/use-element-size';
import { useReadingProgress, type ProgressSave } from '../hooks/use-reading-progress';
import { useReadingSessions } from '../hooks/use-reading-sessions';
import { buildSpreads, fitSpread, fitsDoublePage, spreadIndexOf, verticalLayout } from '../page-layout';
import { nextChapterPagesToLoad, withPages, withPagesToLoad } from '../preload';
import { clampPan, clampZoom, keyAction, keyboardPan, tapAction, type Pan } from '../reader-input';
import { partLabel, viewLabel } from '../reader-labels';
import { readerPath, siblingsOf } from '../reader-path';
import { loadReaderSettings, storeReaderSettings, type ReaderSettings } from '../reader-settings';
import { KEYBOARD_PAN_PX } from '../reader-constants';
import type { ComicLink, ComicPage, ComicPages, ReaderMode } from '../types';
import { EndCard } from './end-card';
import { PageImage } from './page-image';
import { PageModeView } from './page-mode-view';
import { ReaderBottomBar, ReaderTopBar } from './reader-bars';
import { ReaderSettingsPanel } from './reader-settings-panel';
import { TrackView, type TrackHandle } from './track-view';
import styles from './comic-reader.module.css';

/** How often a page's expired image URLs are renewed before it is given up on. */
const MAX_RENEWALS_PER_PAGE = 2;
const NO_PAN: Pan = { x: 0, y: 0 };

interface ComicReaderProps {
  comic: ComicPages;
  /** The signed-in reader's id; null for a visitor. */
  readerId: string | null;
  saveProgress: (progress: ProgressSave) => Promise<void>;
}

/**
 * The comic reader (storefront spec §2 and §4): Page, Scroll and Strip modes; one or two pages;
 * left to right or right to left; zoom; keyboard, swipe and tap turning; bars that hide after
 * 3 s; the end card; progress kept as the reader reads.
 */
export function ComicReader({ comic, readerId, saveProgress }: ComicReaderProps) {
  const navigate = useNavigate();
  const root = useRef<HTMLDivElement>(null);
  const track = useRef<TrackHandle>(null);
  const viewport = useElementSize(root);
  const pageCount = comic.pages.length;

  const [settings, setSettings] = useState<ReaderSettings>(loadReaderSettings);
  const { mode } = settings;
  const [reverse, setReverse] = useState(comic.reverseReadOrder);
  const [zoom, setZoom] = useState(1);
  const [pan, setPan] = useState<Pan>(NO_PAN);
  const [endCard, setEndCard] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [barsHovered, setBarsHovered] = useState(false);
  const controls = useControls(barsHovered || settingsOpen);
  const progress = useReadingProgress({ comic, readerId, save: saveProgress });
  const [page, setPage] = useState(progress.startPage);
  // Storefront spec §7 reader sessions, kept light: READER_OPEN once per comic opened, READER_PAGE
  // when the page shown changes.
  const comicId = String(comic.comicID);
  const openedMode = useRef(mode);
  useEffect(() => void sendAnalyticsEvent('sendReaderEvent', 'READER_OPEN', { comicId, mode: openedMode.current }), [comicId]);
  useEffect(() => void sendAnalyticsEvent('sendReaderEvent', 'READER_PAGE', { comicId, pageNumber: page }), [comicId, page]);

  // Renewed page URLs, by page number, for pages whose signed URLs expired while the reader was open.
  const [renewed, setRenewed] = useState<Record<number, ComicPage>>({});
  const renewals = useRef(new Map<number, number>());
  const pages = useMemo(() => comic.pages.map((entry) => renewed[entry.pageNumber] ?? entry), [comic.pages, renewed]);
  const renewPage = useCallback(
    (pageNumber: number) => {
      const count = renewals.current.get(pageNumber) ?? 0;
      if (count >= MAX_RENEWALS_PER_PAGE) return;
      renewals.current.set(pageNumber, count + 1);
      getComicPage(comic.comicID, pageNumber).then(
        (fresh) => setRenewed((current) => ({ ...current, [pageNumber]: fresh })),
        () => undefined,
      );
    },
    [comic.comicID],
  );

  const landscape = viewport.width > viewport.height;
  const doublePage = mode === 'Page' && settings.doublePage;
  const spreads = useMemo(() => buildSpreads(pages, viewport, doublePage), [pages, viewport, doublePage]);
  const spreadIndex = spreadIndexOf(spreads, page);
  const onScreen = mode === 'Page' ? (spreads[spreadIndex] ?? [page]) : [page];
  const firstOnScreen = onScreen[0] ?? 0;
  const lastOnScreen = onScreen.at(-1) ?? 0;
  const atEnd = mode === 'Page' ? spreadIndex >= spreads.length - 1 : page >= pageCount - 1;
  const onScreenSizes = fitSpread(onScreen.map((index) => pages[index]!), viewport);
  const content = { width: onScreenSizes.reduce((sum, size) => sum + size.width, 0), height: onScreenSizes[0]?.height ?? 0 };

  // Storefront spec §9: pages from 4 before to 6 after the one being read; a loaded page stays
  // loaded. The pages around wait until the first one on screen has arrived, so they do not
  // compete with it for the connection.
  const [loaded, setLoaded] = useState<ReadonlySet<number>>(() => new Set());
  const [firstPageIn, setFirstPageIn] = useState(false);
  const wanted = firstPageIn ? withPagesToLoad(loaded, firstOnScreen, pageCount) : withPages(loaded, onScreen);
  if (wanted !== loaded) setLoaded(wanted);
  const onCurrentSettled = useCallback(() => setFirstPageIn(true), []);
  // The page the document drew goes once this one has faded in (page-image.module.css: 0.2 s).
  useEffect(() => {
    if (!firstPageIn) return;
    const timer = setTimeout(dropDocumentFirstPage, 250);
    return () => clearTimeout(timer);
  }, [firstPageIn]);

  // Near the end, the next chapter's first pages load too, so continuing shows them at once, and
  // the end card's suggestions are fetched.
  const pastTheEnd = nextChapterPagesToLoad(lastOnScreen, pageCount);
  const nextChapterPages = comic.next ? pastTheEnd : 0;
  const nextComic = useQuery({ ...getComicPagesQueryOptions(comic.next?.id ?? '', readerId), enabled: nextChapterPages > 0 });
  const suggestions = useSuggestions(comic.comicID, readerId, endCard || pastTheEnd > 0);

  const seriesParam = comic.seriesReadableUrl ?? comic.seriesId;
  const seriesItems = useSeriesItems(seriesParam, readerId);
  const chapters = useMemo(() => siblingsOf(seriesItems.data ?? [], { id: Number(comic.comicID) }), [seriesItems.data, comic.comicID]);

  useReadingSessions(comic.comicID, mode, endCard ? [] : onScreen.map((index) => pages[index]!.pageNumber));

  // Storefront spec §4: reading is complete at the last page, so the last view records it.
  const { record } = progress;
  useEffect(() => {
    record(endCard || atEnd ? pageCount - 1 : firstOnScreen);
  }, [record, endCard, atEnd, pageCount, firstOnScreen]);

  const seriesHref = seriesParam ? `/series/${encodeURIComponent(seriesParam)}/` : null;
  const openComic = useCallback(
    (link: Pick<ComicLink, 'id' | 'volumeNumber' | 'chapterNumber'>) => navigate(readerPath(link, comic.seriesReadableUrl), { replace: true }),
    [navigate, comic.seriesReadableUrl],
  );

  const close = useCloseReader(paths.product({ id: Number(comic.comicID), readableUrl: null }));

  const showPage = (index: number) => {
    setPage(index);
    // A zoomed page is entered at its top.
    setPan(zoom > 1 ? clampPan({ x: 0, y: Number.MAX_SAFE_INTEGER }, zoom, content, viewport) : NO_PAN);
  };

  const goForward = () => {
    if (endCard) return;
    if (mode === 'Page') {
      if (atEnd) setEndCard(true);
      else showPage(spreads[spreadIndex + 1]![0]!);
      return;
    }
    // Storefront spec §4: in Scroll and Strip modes forward from the last page goes on to the next chapter.
    if (atEnd) {
      if (comic.next) openComic(comic.next);
      else setEndCard(true);
      return;
    }
    track.current?.scrollToPage(page + 1, true);
  };

  const goBack = () => {
    if (endCard) {
      setEndCard(false);
      return;
    }
    if (mode === 'Page') {
      if (spreadIndex > 0) showPage(spreads[spreadIndex - 1]![0]!);
    } else if (page > 0) track.current?.scrollToPage(page - 1, true);
  };

  const changeZoom = (next: number) => {
    const zoomTo = clampZoom(next);
    setZoom(zoomTo);
    setPan((current) => clampPan(current, zoomTo, content, viewport));
  };

  const onTap = (x: number, y: number) => {
    const action = tapAction(x, y, viewport, reverse);
    if (action === 'next') goForward();
    else if (action === 'previous') goBack();
    else if (action === 'toggleControls') controls.toggle();
  };

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || settingsOpen) return;
    const target = event.target as Element | null;
    if (target?.closest('input, select, textarea, [data-reader-menu]')) return;
    // Space presses the button or link it is on; it turns pages only from the page itself.
    if (event.key === ' ' && target?.closest('button, a[href], summary, [role="button"], [role="link"], [role="checkbox"], [role="radio"], [role="switch"]')) return;
    const action = keyAction(event.key, reverse, mode !== 'Page' || zoom > 1, event.shiftKey);
    if (!action) return;
    event.preventDefault();
    if (action === 'escape') {
      if (document.fullscreenElement) void document.exitFullscreen();
      else close();
      return;
    }
    if (action === 'next') goForward();
    else if (action === 'previous') goBack();
    else if (mode === 'Page') setPan((current) => clampPan(keyboardPan(current, action), zoom, content, viewport));
    else track.current?.panBy(action === 'panUp' ? -KEYBOARD_PAN_PX : KEYBOARD_PAN_PX);
    // Reading by keyboard: focus leaves the bar control it was on, so the bars can hide again.
    root.current?.focus({ preventScroll: true });
  });
  // Listening from the commit that shows the reader, not after the paint: a key pressed as soon as
  // the page number is on the screen turns the page (on a busy machine the gap was long enough to lose one).
  useLayoutEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const [fullscreen, setFullscreen] = useState<boolean | null>(() => (document.fullscreenEnabled ? document.fullscreenElement !== null : null));
  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void root.current?.requestFullscreen().catch(() => undefined);
  };

  const changeSettings = (next: Partial<ReaderSettings>) => {
    const merged = { ...settings, ...next };
    setSettings(merged);
    storeReaderSettings(merged);
  };
  const changeMode = (next: ReaderMode) => {
    changeSettings({ mode: next });
    setZoom(1);
    setPan(NO_PAN);
  };

  const pairFits = pages.length > 2 && fitsDoublePage(viewport, pages[1]!, pages[2]!);
  const doublePageUnavailable =
    mode !== 'Page' ? 'Two pages side by side are for Page mode.' : !landscape ? 'Turn your screen sideways to see two pages.' : !pairFits ? 'Two pages don’t fit this window.' : null;

  const title = partLabel(comic);
  const chapterOptions = chapters.length > 0 ? chapters.map((item) => ({ value: String(item.id), label: partLabel(item) })) : [{ value: comic.comicID, label: title }];
  const viewOptions =
    mode === 'Page'
      ? spreads.map((spread, index) => ({ value: String(index), label: viewLabel(spread) }))
      : pages.map((_, index) => ({ value: String(index), label: viewLabel([index]) }));

  const endPanel = (
    <div className={styles.trackEnd}>
      <p className={styles.trackEndEyebrow}>End of {title}</p>
      {comic.next ? (
        <button type="button" className={styles.trackEndButton} onClick={() => openComic(comic.next!)}>
          Continue to {partLabel(comic.next)}
        </button>
      ) : (
        <button type="button" className={styles.trackEndButton} onClick={() => setEndCard(true)}>
          Finish
        </button>
      )}
    </div>
  );

  const barsShown = controls.visible && !endCard;
  // A mouse resting on the bars keeps them; keyboard focus arriving in them shows them.
  const barEvents = {
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType === 'mouse') setBarsHovered(true);
    },
    onPointerLeave: () => setBarsHovered(false),
    onFocus: controls.show,
  };

  // A mouse moving over the reader brings the bars back (they hide again 3 s after it stops); touch
  // taps toggle them instead. Only a real move counts: a page change under a still pointer is not one.
  const lastPointer = useRef<{ x: number; y: number } | null>(null);
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType !== 'mouse' || event.buttons !== 0) return;
    const last = lastPointer.current;
    lastPointer.current = { x: event.clientX, y: event.clientY };
    if (last && Math.abs(last.x - event.clientX) < 2 && Math.abs(last.y - event.clientY) < 2) return;
    if (last) controls.reveal();
  };

  return (
    <div ref={root} className={styles.reader} data-mode={mode} tabIndex={-1} onPointerMove={onPointerMove}>
      <title>{`${comic.seriesTitle ? `${comic.seriesTitle}: ` : ''}${title} · ${SITE_NAME}`}</title>
      {mode === 'Page' ? (
        <PageModeView
          pages={pages}
          spreads={spreads}
          current={spreadIndex}
          viewport={viewport}
          content={content}
          zoom={zoom}
          pan={pan}
          reverse={reverse}
          doublePage={doublePage}
          loaded={loaded}
          onTurn={(direction) => (direction === 'next' ? goForward() : goBack())}
          onTap={onTap}
          onZoom={changeZoom}
          onPan={setPan}
          onExpired={renewPage}
          onCurrentSettled={onCurrentSettled}
        />
      ) : (
        <TrackView
          ref={track}
          axis={mode === 'Scroll' ? 'vertical' : 'horizontal'}
          pages={pages}
          viewport={viewport}
          zoom={zoom}
          reverse={reverse}
          loaded={loaded}
          current={page}
          onPageChange={setPage}
          onTap={onTap}
          onZoom={changeZoom}
          onExpired={renewPage}
          onCurrentSettled={onCurrentSettled}
          end={endPanel}
        />
      )}

      {nextComic.data && nextChapterPages > 0 && (
        <div className={styles.preload} aria-hidden="true">
          {nextComic.data.pages.slice(0, nextChapterPages).map((next) => (
            // Drawn as the next chapter will draw it, so the browser picks the same rendition.
            <PageImage key={next.pageNumber} page={next} size={mode === 'Scroll' ? verticalLayout([next], viewport.width, 1, 0).sizes[0]! : fitSpread([next], viewport)[0]!} load onExpired={() => undefined} />
          ))}
        </div>
      )}

      <div className={styles.sides} data-shown={barsShown || undefined}>
        <button type="button" className={[styles.side, styles.left].join(' ')} onClick={reverse ? goForward : goBack} aria-label={reverse ? 'Next page' : 'Previous page'} tabIndex={barsShown ? 0 : -1}>
          <ChevronLeftIcon size={28} />
        </button>
        <button type="button" className={[styles.side, styles.right].join(' ')} onClick={reverse ? goBack : goForward} aria-label={reverse ? 'Previous page' : 'Next page'} tabIndex={barsShown ? 0 : -1}>
          <ChevronRightIcon size={28} />
        </button>
      </div>

      <header className={[styles.bar, styles.topBar].join(' ')} data-shown={barsShown || undefined} {...barEvents}>
        <ReaderTopBar
          seriesTitle={comic.seriesTitle}
          seriesHref={seriesHref}
          title={title}
          onClose={close}
          fullscreen={fullscreen}
          onToggleFullscreen={toggleFullscreen}
          settingsOpen={settingsOpen}
          onSettingsOpenChange={setSettingsOpen}
          renderSettings={(id) => (
            <ReaderSettingsPanel
              id={id}
              mode={mode}
              onModeChange={changeMode}
              doublePage={settings.doublePage}
              onDoublePageChange={(next) => changeSettings({ doublePage: next })}
              doublePageUnavailable={doublePageUnavailable}
              reverse={reverse}
              onReverseChange={setReverse}
              zoom={zoom}
              onZoomChange={changeZoom}
            />
          )}
        />
      </header>

      <footer className={[styles.bar, styles.bottomBar].join(' ')} data-shown={barsShown || undefined} {...barEvents}>
        <ReaderBottomBar
          chapters={chapterOptions}
          chapter={comic.comicID}
          onChapterChange={(id) => {
            const item = chapters.find((entry) => String(entry.id) === id);
            if (item) openComic({ id: String(item.id), volumeNumber: item.volumeNumber, chapterNumber: item.chapterNumber });
          }}
          views={viewOptions}
          view={String(mode === 'Page' ? spreadIndex : page)}
          onViewChange={(value) => {
            const index = Number(value);
            if (mode === 'Page') showPage(spreads[index]![0]!);
            else track.current?.scrollToPage(index, false);
            setEndCard(false);
            // Arrow keys go back to turning pages instead of stepping through the list.
            root.current?.focus({ preventScroll: true });
          }}
          pageCount={pageCount}
          progress={pageCount > 0 ? (lastOnScreen + 1) / pageCount : 0}
          onPreviousPage={goBack}
          onNextPage={goForward}
          reverse={reverse}
          previousChapter={comic.previous ? partLabel(comic.previous) : null}
          nextChapter={comic.next ? partLabel(comic.next) : null}
          onPreviousChapter={() => comic.previous && openComic(comic.previous)}
          onNextChapter={() => comic.next && openComic(comic.next)}
        />
      </footer>

      <p className="visually-hidden" aria-live="polite">
        {endCard ? 'End of the comic' : `${viewLabel(onScreen)} of ${pageCount}`}
      </p>

      {endCard && (
        <EndCard
          title={comic.seriesTitle ? `${comic.seriesTitle}: ${title}` : title}
          seriesTitle={comic.seriesTitle}
          seriesHref={seriesHref}
          nextLabel={comic.next ? partLabel(comic.next) : null}
          onNext={() => comic.next && openComic(comic.next)}
          onBack={goBack}
          onClose={close}
          suggestions={suggestions.data ?? []}
          loggedIn={readerId !== null}
        />
      )}
    </div>
  );
}
