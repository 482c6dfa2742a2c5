import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, RouterProvider, type RouteObject } from 'react-router-dom';
import { CAMPAIGN_REDIRECTS } from '@/features/campaigns/constants';
import { startComicPagesEarly } from '@/features/reader/api/get-comic-pages';
import { ReaderLoading } from '@/features/reader/components/reader-loading';
import { parseReaderPath } from '@/features/reader/reader-path';
import { PageLoading } from '@/components/layout/page-loading';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './layout/route-error';

/** Loads a page module on first visit (storefront spec §2: all screens load lazily). */
function page(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

const newsArticle = page(() => import('./routes/news-article'));

const routes: RouteObject[] = [
  // The comic reader takes the whole screen: no navbar or footer around it. Its loader asks for the
  // page list while the reader's code loads, and returns at once so nothing waits on it.
  {
    path: 'reader/*',
    loader: ({ params }) => {
      const target = parseReaderPath(params['*'] ?? '');
      if (target?.kind === 'comic') startComicPagesEarly(target.idOrUrl);
      return null;
    },
    HydrateFallback: ReaderLoading,
    ErrorBoundary: RouteError,
    ...page(() => import('./routes/reader')),
  },
  {
    Component: RootLayout,
    children: [
      {
        // Errors render inside the chrome, so the visitor keeps the navbar and footer. So does the
        // first page's loading placeholder: the fallback sits below the layout, which stays mounted
        // when the page's code arrives (a navbar of the fallback's own would be replaced, and a click
        // or focus on it lost).
        ErrorBoundary: RouteError,
        HydrateFallback: PageLoading,
        children: [
          { index: true, ...page(() => import('./routes/home')) },
          { path: 'browse', ...page(() => import('./routes/browse')) },
          { path: 'browse/:genreId', ...page(() => import('./routes/browse')) },
          { path: 'search', ...page(() => import('./routes/search')) },
          { path: 'news', ...page(() => import('./routes/news')) },
          { path: 'news/articles/:aid', ...newsArticle },
          { path: 'preview/*', ...newsArticle },
          { path: ':year/:month/:day/:aid', ...newsArticle },
          { path: 'product/:id', ...page(() => import('./routes/product')) },
          { path: 'series/:id', ...page(() => import('./routes/series')) },
          { path: 'library', ...page(() => import('./routes/library')) },
          { path: 'account', ...page(() => import('./routes/account')) },
          { path: 'account/orders/:id', ...page(() => import('./routes/order-detail')) },
          { path: 'discover/:id', ...page(() => import('./routes/discover')) },
          { path: 'calendar', ...page(() => import('./routes/calendar')) },
          { path: 'checkout', ...page(() => import('./routes/checkout')) },
          { path: 'checkout/success/guest', ...page(() => import('./routes/guest-checkout-success')) },
          { path: 'orderSuccess/:paramId', ...page(() => import('./routes/order-success')) },
          { path: 'account-benefits', ...page(() => import('./routes/account-benefits')) },
          { path: 'email-verified', ...page(() => import('./routes/email-verified')) },
          { path: 'reset-password', ...page(() => import('./routes/reset-password')) },
          { path: 'change-email', ...page(() => import('./routes/change-email')) },
          { path: 'newsletter/confirm', ...page(() => import('./routes/newsletter-confirm')) },
          { path: 'newsletter/unsubscribe', ...page(() => import('./routes/newsletter-unsubscribe')) },
          { path: 'about', ...page(() => import('./routes/about')) },
          { path: 'support-center', ...page(() => import('./routes/support-center')) },
          { path: 'contact', ...page(() => import('./routes/contact')) },
          { path: 'librarians', ...page(() => import('./routes/librarians')) },
          { path: 'terms-of-use', ...page(() => import('./routes/terms-of-use')) },
          { path: 'privacy-policy', ...page(() => import('./routes/privacy-policy')) },
          { path: 'copyright', ...page(() => import('./routes/copyright')) },
          { path: 'claim-badge/:badgeId/*', ...page(() => import('./routes/claim-badge')) },
          { path: 'sdcc23-signup', ...page(() => import('./routes/convention')) },
          { path: 'aot-worldwide-after-party', ...page(() => import('./routes/after-party')) },
          { path: 'ax23-signup', ...page(() => import('./routes/ax23-signup')) },
          // Spec §2: the campaigns' short paths go to their dated articles.
          { path: 'ax23', loader: () => redirect(CAMPAIGN_REDIRECTS.ax23) },
          { path: 'ax23-announcements', loader: () => redirect(CAMPAIGN_REDIRECTS.ax23Announcements) },
          { path: 'sdcc23', loader: () => redirect(CAMPAIGN_REDIRECTS.sdcc23) },
          { path: '*', ...page(() => import('./routes/not-found')) },
        ],
      },
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
