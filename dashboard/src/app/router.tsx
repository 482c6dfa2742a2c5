import type { ComponentType } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { COMING_AREAS } from '@/config/areas';
import { DashboardLayout } from './layout/dashboard-layout';
import { RouteError } from './layout/route-error';

function page(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

/** Areas of a later issue: their page says what is coming (config/areas.ts). */
const comingRoutes: RouteObject[] = COMING_AREAS.map((area) => ({
  path: area.path,
  lazy: async () => {
    const { AreaPage } = await import('./routes/area');
    return { Component: () => <AreaPage area={area} /> };
  },
}));

/** Each screen's code loads when it is first opened. */
const screenRoutes: RouteObject[] = [
  { path: 'products', ...page(() => import('@/features/products/routes/product-list')) },
  { path: 'products/new', ...page(() => import('./routes/product-editor')) },
  { path: 'products/:id', ...page(() => import('./routes/product-editor')) },
  { path: 'series', ...page(() => import('@/features/series/routes/series-list')) },
  { path: 'series/new', ...page(() => import('@/features/series/routes/series-editor')) },
  { path: 'series/:id', ...page(() => import('@/features/series/routes/series-editor')) },
  { path: 'bundles', ...page(() => import('@/features/bundles/routes/bundle-list')) },
  { path: 'bundles/new', ...page(() => import('@/features/bundles/routes/bundle-editor')) },
  { path: 'bundles/:id', ...page(() => import('@/features/bundles/routes/bundle-editor')) },
  { path: 'sales-campaigns', ...page(() => import('@/features/sales/routes/campaign-list')) },
  { path: 'sales-campaigns/new', ...page(() => import('@/features/sales/routes/campaign-editor')) },
  { path: 'sales-campaigns/import', ...page(() => import('@/features/sales/routes/campaign-import')) },
  { path: 'sales-campaigns/:id', ...page(() => import('@/features/sales/routes/campaign-editor')) },
  { path: 'publishers', ...page(() => import('@/features/publishers/routes/publisher-list')) },
  { path: 'home-page', ...page(() => import('@/features/home-page/routes/home-page')) },
  { path: 'carousels', ...page(() => import('@/features/carousels/routes/carousel-list')) },
  { path: 'carousels/new', ...page(() => import('@/features/carousels/routes/carousel-editor')) },
  { path: 'carousels/:id', ...page(() => import('@/features/carousels/routes/carousel-editor')) },
  { path: 'html-components', ...page(() => import('@/features/html-components/routes/html-component-list')) },
  { path: 'html-components/new', ...page(() => import('@/features/html-components/routes/html-component-editor')) },
  { path: 'html-components/:id', ...page(() => import('@/features/html-components/routes/html-component-editor')) },
  { path: 'lookups', ...page(() => import('@/features/lookups/routes/lookups')) },
  { path: 'users', ...page(() => import('@/features/users/routes/user-list')) },
  { path: 'users/exports', ...page(() => import('@/features/users/routes/user-exports')) },
  { path: 'users/:id', ...page(() => import('@/features/users/routes/user-page')) },
  { path: 'badges', ...page(() => import('@/features/badges/routes/badge-list')) },
  { path: 'search-maintenance', ...page(() => import('@/features/search-maintenance/routes/search-maintenance')) },
  { path: 'system', ...page(() => import('@/features/system/routes/system-console')) },
  { path: 'orders', ...page(() => import('@/features/orders/routes/order-list')) },
  { path: 'orders/:id', ...page(() => import('@/features/orders/routes/order-page')) },
  { path: 'email-templates', ...page(() => import('@/features/email/routes/email-templates')) },
  { path: 'email-templates/new', ...page(() => import('@/features/email/routes/email-template-editor')) },
  { path: 'email-templates/auth/:name', ...page(() => import('@/features/email/routes/auth-template')) },
  { path: 'email-templates/:id', ...page(() => import('@/features/email/routes/email-template-editor')) },
  { path: 'scheduled-emails', ...page(() => import('@/features/email/routes/scheduled-emails')) },
  { path: 'sent-emails', ...page(() => import('@/features/email/routes/sent-emails')) },
  { path: 'email-provider', ...page(() => import('@/features/email/routes/email-provider')) },
  { path: 'support-tickets', ...page(() => import('@/features/support-tickets/routes/ticket-inbox')) },
  { path: 'support-tickets/:id', ...page(() => import('@/features/support-tickets/routes/ticket-page')) },
  { path: 'analytics', ...page(() => import('@/features/analytics/routes/analytics')) },
  { path: 'reports', ...page(() => import('@/features/analytics/routes/reports')) },
];

const routes: RouteObject[] = [
  {
    Component: DashboardLayout,
    // While the first area's code loads there is nothing to show but the page background.
    HydrateFallback: () => null,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          { index: true, ...page(() => import('./routes/overview')) },
          ...screenRoutes,
          ...comingRoutes,
          { path: '*', ...page(() => import('./routes/not-found')) },
        ],
      },
    ],
  },
];

const router = createBrowserRouter(routes, { basename: '/dashboard' });

export function AppRouter() {
  return <RouterProvider router={router} />;
}
