import { Navigate, useLocation } from 'react-router-dom';
import { useSaveReadingProgress } from '@/features/library/api/save-reading-progress';
import { ReaderScreen } from '@/features/reader/components/reader-screen';

/**
 * The reader fills the screen, so it sits outside the store's chrome and does the chrome's one
 * routing job itself: a path without its trailing slash is replaced by the slash form (storefront
 * spec §2). Progress is saved through My Comics, so the library shows it at once.
 */
export default function ReaderRoute() {
  const { pathname, search, hash } = useLocation();
  const saveProgress = useSaveReadingProgress();
  if (!pathname.endsWith('/')) return <Navigate to={{ pathname: `${pathname}/`, search, hash }} replace />;
  return <ReaderScreen saveProgress={saveProgress.mutateAsync} />;
}
