import { useContext, useMemo, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, UNSAFE_DataRouterContext, UNSAFE_LocationContext, UNSAFE_RouteContext, NavigationType, type Location } from 'react-router-dom';
import type { CheckoutOrigin } from '@/lib/checkout-origin';

/**
 * The page the shopper came from, drawn under the checkout overlay as if the browser were still
 * there: its route is found in the app's own route table and its page rendered with that route's
 * location and params. Its code is already loaded (the shopper was just on it); when it is not — a
 * page never visited in this tab — `fallback` is drawn instead.
 */
export function OriginPage({ origin, fallback }: { origin: CheckoutOrigin; fallback: ReactNode }) {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const routes = dataRouter?.router.routes;
  const location = useMemo<Location>(() => ({ ...origin, state: null, key: 'checkout-origin' }), [origin]);
  const matches = useMemo(() => (routes ? matchRoutes(routes, location) : null), [routes, location]);
  const leaf = matches?.at(-1);
  // A data router keeps a loaded page as its element (it turns `Component` into one).
  const Page = leaf?.route.Component as ComponentType | null | undefined;
  const page = leaf?.route.element ?? (Page ? <Page /> : null);
  if (!matches || !page) return <>{fallback}</>;
  return (
    <UNSAFE_LocationContext.Provider value={{ location, navigationType: NavigationType.Pop }}>
      <UNSAFE_RouteContext.Provider value={{ outlet: null, matches, isDataRoute: false }}>
        {page}
      </UNSAFE_RouteContext.Provider>
    </UNSAFE_LocationContext.Provider>
  );
}
