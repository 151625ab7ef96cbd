import { createElement, lazy, type ReactNode } from "react";
import { type RouteObject } from "react-router-dom";
import type { AreaRoute, ClientArea, RouteAccess } from "./area";
import { AREAS } from "./areas";
import { GuestOnly, RequireAuth, RequirePermission } from "./auth/Guards";
import { ApolloBoundary } from "./ApolloBoundary";
import { Layout } from "./Layout";
import { Redirect } from "./Redirect";
import { REDIRECTS } from "./redirects";
import { FlagGate } from "./SwitchedOff";

const NotFoundPage = lazy(() => import("../ui/NotFound"));
// Development builds only: `import.meta.env.DEV` is false in a production build, so the page and its chunk are dropped.
const DevComponentsPage = import.meta.env.DEV ? lazy(() => import("./dev/ComponentsPage")) : null;

const data = (page: ReactNode) => <ApolloBoundary route>{page}</ApolloBoundary>;
const guarded: Record<RouteAccess, (page: ReactNode) => ReactNode> = {
  public: (page) => page,
  data,
  guest: (page) => <GuestOnly>{data(page)}</GuestOnly>,
  member: (page) => <RequireAuth>{data(page)}</RequireAuth>,
  staff: (page) => <RequirePermission can="accessManagement">{data(page)}</RequirePermission>,
  admin: (page) => <RequirePermission can="accessAdmin">{data(page)}</RequirePermission>,
};

const toRoute =
  (area: ClientArea) =>
  (route: AreaRoute): RouteObject => {
    const page = route.permission ? (
      <RequirePermission can={route.permission}>{data(createElement(route.page, route.props))}</RequirePermission>
    ) : (
      guarded[route.access](createElement(route.page, route.props))
    );
    const flags = [area.flag, route.flag].filter((f): f is string => Boolean(f));
    return { path: route.path, element: flags.length ? <FlagGate flags={flags}>{page}</FlagGate> : page };
  };

/**
 * The routing frame (spec §2): every area's routes, from its manifest, and the platform's
 * own redirects. Anything unknown shows the not-found page. Guards only show or hide: the
 * server checks again; a route whose feature flag is off shows the switched-off page. The server
 * answers 404 for paths outside `knownRoutePaths()` (routePaths.ts), so keep new routes in the
 * area manifests or REDIRECTS.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      ...AREAS.flatMap((area) => area.routes.map(toRoute(area))),
      { path: "/management/*", element: guarded.staff(<NotFoundPage />) },
      { path: "/admin/*", element: guarded.admin(<NotFoundPage />) },
      ...REDIRECTS.map(({ from, to }) => ({ path: from, element: <Redirect to={to} /> })),
      ...(DevComponentsPage ? [{ path: "/dev/components", element: <DevComponentsPage /> }] : []),
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];
