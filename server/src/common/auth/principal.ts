import { anonymousViewer, type Viewer } from "./viewer.js";

/** A partner app (issue 40 fills it in): what it was granted, and how much it may still spend. */
export interface AppActor {
  appId: string;
  /** The app's OAuth client id. */
  clientId: string;
  /** The member who consented, when the app acts for one (even when its scopes give it none of their rights: `profile:read`). */
  accountId: string | null;
  /** OAuth scopes granted to the app (by the member's consent when it acts for one). */
  scopes: readonly string[];
  /** Cost units left in the app's current budget window. */
  budget: number;
}

/**
 * Who a request acts as: a visitor; a member (roles, curated villages; passports are read by
 * ballots' policy); or a partner app, alone (it sees what a visitor sees) or for a member who
 * consented (it sees what that member sees, within its scopes). Policies ask the principal.
 */
export type Principal = { kind: "visitor" } | { kind: "member"; member: Viewer } | { kind: "app"; app: AppActor; member: Viewer | null };

/** The principal of a viewer, and of an app when one made the request. */
export function principalOf(viewer: Viewer, app?: AppActor): Principal {
  const member = viewer.userId ? viewer : null;
  if (app) return { kind: "app", app, member };
  return member ? { kind: "member", member } : { kind: "visitor" };
}

/** The member whose rights apply: the member, or the one an app acts for; null for a visitor or an app alone. */
export const memberOf = (p: Principal): Viewer | null => (p.kind === "visitor" ? null : p.member);

/** Whose rights policies apply: a visitor's when no member stands behind the request. */
export const viewerOf = (p: Principal): Viewer => memberOf(p) ?? anonymousViewer();

/** Whether the request may use `scope`: members and visitors are not limited by scopes; an app only within its own. */
export const hasScope = (p: Principal, scope: string): boolean => p.kind !== "app" || p.app.scopes.includes(scope);
