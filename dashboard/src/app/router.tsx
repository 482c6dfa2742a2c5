import type { ComponentType } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AREAS } from '@/config/areas';
import { DashboardLayout } from './layout/dashboard-layout';
import { RouteError } from './layout/route-error';

function page(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

const areaRoutes: RouteObject[] = AREAS.map((area) => ({
  path: area.path,
  lazy: async () => {
    const { AreaPage } = await import('./routes/area');
    return { Component: () => <AreaPage area={area} /> };
  },
}));

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
          ...areaRoutes,
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
