import type { Role } from "./roles.js";

/** Who is asking: a signed-in member or an anonymous visitor. */
export interface Viewer {
  userId: string | null;
  sessionId: string | null;
  /** When the session's access token stops working (a WebSocket opened with it is closed then, app/live-streams.ts). */
  sessionExpiresAt?: Date;
  roles: Role[];
  /** Villages this viewer curates (only for an active local_root_curator; loaded with the roles, once per request). */
  curatedVillageIds?: readonly string[];
  /** People recorded as the viewer's close relatives (loaded on demand, see people/person.relatives.ts). */
  relativeIds?: ReadonlySet<string>;
}

export const anonymousViewer = (): Viewer => ({ userId: null, sessionId: null, roles: [] });
