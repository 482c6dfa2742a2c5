import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { LoginStatus, useAuth } from '@/lib/auth';
import { useComicPages } from '../api/get-comic-pages';
import { useSeriesItems } from '../api/get-series-items';
import type { ProgressSave } from '../hooks/use-reading-progress';
import { dropDocumentFirstPage } from '../document-first-page';
import { readerProblemOf } from '../reader-errors';
import { findSeriesItem, parseReaderPath } from '../reader-path';
import { ComicReader } from './comic-reader';
import { NotOwned, type ReaderCartAction } from './not-owned';
import { ReaderLoading } from './reader-loading';
import { ReaderMessage, UnableToOpenComic } from './reader-states';

interface ReaderScreenProps {
  saveProgress: (progress: ProgressSave) => Promise<void>;
  /** Offered with a comic a signed-in reader does not own. */
  cartAction?: ReaderCartAction | undefined;
}

/**
 * The reader route's screen: finds the comic the address names (an id or readable url, or a
 * series and its volume or chapter), opens its pages for this visitor, and shows the reader, or
 * why it cannot.
 */
export function ReaderScreen({ saveProgress, cartAction }: ReaderScreenProps) {
  const { '*': splat = '' } = useParams();
  const { status, account } = useAuth();
  const target = parseReaderPath(splat);
  // Who reads decides access and progress, so nothing is asked before the login state is known.
  const settled = status === LoginStatus.LoggedIn || status === LoginStatus.LoggedOut;
  const readerId = status === LoginStatus.LoggedIn ? (account?.userid ?? null) : null;

  const seriesItems = useSeriesItems(target?.kind === 'series' ? target.series : null, readerId, settled);
  const item = target?.kind === 'series' && seriesItems.data ? findSeriesItem(seriesItems.data, target) : undefined;
  const comicId = target?.kind === 'comic' ? target.idOrUrl : item ? String(item.id) : null;
  const pages = useComicPages(comicId, readerId, settled);

  const failed = seriesItems.isError ? seriesItems : pages.isError ? pages : null;
  const notFound = !target || (target.kind === 'series' && seriesItems.isSuccess && !item);
  // A message replaces the page the document drew, if any.
  useEffect(() => {
    if (failed || notFound) dropDocumentFirstPage();
  }, [failed, notFound]);
  if (failed) {
    const problem = readerProblemOf(failed.error);
    // Storefront spec §8's 'Please log in…' is for visitors; a signed-in reader is refused a comic they do not own.
    if (problem === 'denied') return readerId !== null && comicId !== null ? <NotOwned comicId={comicId} readerId={readerId} cartAction={cartAction} /> : <UnableToOpenComic comicId={comicId} loggedIn={readerId !== null} />;
    return <ReaderMessage problem={problem} onRetry={() => void failed.refetch()} />;
  }
  if (notFound) return <ReaderMessage problem="notFound" onRetry={() => undefined} />;
  if (!pages.data) return <ReaderLoading />;
  return <ComicReader key={pages.data.comicID} comic={pages.data} readerId={readerId} saveProgress={saveProgress} />;
}
