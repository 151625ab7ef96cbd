import type { ComponentType, LazyExoticComponent } from "react";
import type { TranslationKey } from "../i18n/typed";

/**
 * Who may open a route (the guards only show or hide; the server checks again):
 * public; `data` (public, with the GraphQL error boundary); `guest` (signed out only);
 * `member` (signed in); `staff` (management); `admin`.
 */
export type RouteAccess = "public" | "data" | "guest" | "member" | "staff" | "admin";

export interface AreaRoute {
  path: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  page: LazyExoticComponent<ComponentType<any>>;
  /** Props for pages shared by several routes (LegalPage page="terms"). */
  props?: Record<string, unknown>;
  access: RouteAccess;
  /** A feature flag this route needs besides its area's (`/excel`: spreadsheet import). */
  flag?: string;
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
