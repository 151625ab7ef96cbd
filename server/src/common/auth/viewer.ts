import type { Role } from "./roles.js";

/** Who is asking: a signed-in member or an anonymous visitor. */
export interface Viewer {
  userId: string | null;
  sessionId: string | null;
  roles: Role[];
}

export const anonymousViewer = (): Viewer => ({ userId: null, sessionId: null, roles: [] });
