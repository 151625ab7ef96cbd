import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { ViewerFieldsFragment } from "../gql/graphql";
import type { TranslationKey } from "../i18n/typed";

/**
 * Who may open a route (the guards only show or hide; the server checks again):
 * public; `data` (public, with the GraphQL error boundary); `guest` (signed out only);
 * `member` (signed in); `staff` (management); `admin`.
 */
export type RouteAccess = "public" | "data" | "guest" | "member" | "staff" | "admin";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

/** A lazy page that can start loading before React asks for it (see preloadRoute). */
export type LazyPage = LazyExoticComponent<AnyComponent> & { preload?: () => Promise<unknown> };

/**
 * `lazy`, plus `preload()`: the same import, started early. The app starts the opened route's
 * page while its texts load (app/preload.ts), instead of one round trip after the other.
 */
export function lazyPage<T extends AnyComponent>(load: () => Promise<{ default: T }>): LazyPage {
  let loading: Promise<{ default: T }> | undefined;
  const once = () => (loading ??= load());
  return Object.assign(lazy(once), { preload: once });
}

export interface AreaRoute {
  path: string;
  page: LazyPage;
  /** Props for pages shared by several routes (LegalPage page="terms"). */
  props?: Record<string, unknown>;
  access: RouteAccess;
  /**
   * A permission of the viewer's `can` the route needs besides its access (`handleDocumentRequests`
   * for the ancestry desk, which `staff` access would shut officers out of).
   */
  permission?: keyof ViewerFieldsFragment["can"];
  /** A feature flag this route needs besides its area's (`/excel`: spreadsheet import). */
  flag?: string;
  /**
   * Rendered on the server with its data (first-screen/server-render.tsx), for its reader: the
   * member the request's page cookie names, with their own view, or a visitor (a `member` route
   * is rendered for members only). A visitor's render is kept a moment and shared; a member's is
   * theirs alone.
   */
  serverRendered?: boolean;
}

/** A link in the header (`nav`) or footer (`footer`); lower `order` comes first. */
export interface AreaLink {
  to: string;
  labelKey: TranslationKey;
  order: number;
  /** Header links: active only on the exact path. */
  end?: boolean;
  /** A feature flag this link needs besides its area's. */
  flag?: string;
}

/**
 * One client area, as the app shell sees it: its routes and links. Each feature's
 * `area.ts(x)` exports one; `app/areas.ts` lists them. Pages are lazy, so the manifest
 * costs the landing page nothing.
 */
export interface ClientArea {
  name: string;
  /**
   * The feature flag the area's routes and links need (the server's flag of the same name):
   * while it is off its links hide and its routes show the switched-off page.
   */
  flag?: string;
  routes: readonly AreaRoute[];
  nav?: readonly AreaLink[];
  footer?: readonly AreaLink[];
  /** Small lazy widgets in a signed-in member's header (the notifications bell). */
  memberHeader?: readonly HeaderItem[];
}

/** A widget the header shows a signed-in member, beside the account links. */
export interface HeaderItem {
  name: string;
  component: LazyExoticComponent<ComponentType>;
}
