import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { onCartPopupRequest } from '@/features/cart/cart-popup-request';
import { productCartAction } from '@/features/cart/components/cart-action';
import { useSaveReadingProgress } from '@/features/library/api/save-reading-progress';
import { ReaderScreen } from '@/features/reader/components/reader-screen';
import { paths } from '@/config/paths';

/**
 * The reader fills the screen, so it sits outside the store's chrome and does the chrome's one
 * routing job itself: a path without its trailing slash is replaced by the slash form (storefront
 * spec §2). Progress is saved through My Comics, so the library shows it at once. A comic the
 * reader does not own is offered with the cart's button; with no navbar here, its "View cart"
 * goes on to checkout.
 */
export default function ReaderRoute() {
  const { pathname, search, hash } = useLocation();
  const saveProgress = useSaveReadingProgress();
  const navigate = useNavigate();
  useEffect(() => onCartPopupRequest(() => navigate(paths.checkout)), [navigate]);
  if (!pathname.endsWith('/')) return <Navigate to={{ pathname: `${pathname}/`, search, hash }} replace />;
  return <ReaderScreen saveProgress={saveProgress.mutateAsync} cartAction={productCartAction} />;
}
