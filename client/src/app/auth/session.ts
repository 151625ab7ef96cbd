import type { DocumentNode } from "graphql";
import { RefreshSessionDocument, SignOutDocument, type AuthPayloadFieldsFragment, type ViewerFieldsFragment } from "../../gql/graphql";
import { isPersistedQueryNotFound, persistedBody } from "../../lib/trustedDocuments";
import { fetchWithRetry } from "../../lib/retry";

export type AuthState =
  { status: "loading" } | { status: "signedOut"; reason?: string } | { status: "signedIn"; viewer: ViewerFieldsFragment };

/** Refresh this long before the access token ends (spec §9). */
export const REFRESH_AHEAD_MS = 90_000;
/** How often the scheduler looks (spec §9). */
export const CHECK_EVERY_MS = 30_000;

/** True when a token ending at `expiresAt` should be renewed now. */
export const refreshDue = (expiresAt: number | null, now: number): boolean => expiresAt !== null && expiresAt - now <= REFRESH_AHEAD_MS;

type Listener = () => void;

/**
 * The session in this tab: the access token lives in memory only; the refresh token is
 * an httpOnly cookie the script never sees.
 */
class SessionStore {
  private state: AuthState = { status: "loading" };
  private listeners = new Set<Listener>();
  accessToken: string | null = null;
  expiresAt: number | null = null;

  getState = (): AuthState => this.state;

  /** What the page the browser takes over (hydrates) was rendered with on the server; else the state now. */
  private rendered: AuthState | null = null;
  getRenderedState = (): AuthState => this.rendered ?? this.state;

  /**
   * The browser is about to take over a page the server rendered (main.tsx): for a visitor, with
   * the session unknown, as the server rendered it; for a member, as they are now. React renders
   * the page with this first, then with the state now, if it differs.
   */
  takeOverRendered(forMember: boolean) {
    this.rendered = forMember ? null : { status: "loading" };
  }

  subscribe = (fn: Listener): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  private set(state: AuthState) {
    this.state = state;
    this.listeners.forEach((fn) => fn());
  }

  /** Takes in a sign-in/refresh answer; anything without a token means signed out. */
  apply(payload: Pick<AuthPayloadFieldsFragment, "signedIn" | "accessToken" | "accessTokenExpiresAt" | "viewer"> | null, reason?: string) {
    if (payload?.signedIn && payload.accessToken && payload.viewer) {
      this.accessToken = payload.accessToken;
      this.expiresAt = payload.accessTokenExpiresAt ? Date.parse(payload.accessTokenExpiresAt) : null;
      this.set({ status: "signedIn", viewer: payload.viewer });
    } else {
      this.accessToken = null;
      this.expiresAt = null;
      this.set({ status: "signedOut", reason });
    }
  }

  /**
   * For the server's render of a page (first-screen/server-render.tsx): the member it renders
   * for, or null for a visitor (whose session, as in the browser before it is known, is loading).
   * No token: the server answers the render's queries itself.
   */
  renderFor(viewer: ViewerFieldsFragment | null) {
    this.accessToken = null;
    this.expiresAt = null;
    this.set(viewer ? { status: "signedIn", viewer } : { status: "loading" });
  }

  setViewer(viewer: ViewerFieldsFragment) {
    if (this.state.status === "signedIn") this.set({ status: "signedIn", viewer });
  }
}

export const session = new SessionStore();

/**
 * Tabs share the session: a refresh in one tab replaces the access token of every tab
 * (the server keeps one per session), so the new token is passed to the others.
 */
// In a browser only: the build renders first screens in Node (app/first-screen), where an open channel would keep it running.
const channel = typeof window !== "undefined" && typeof BroadcastChannel !== "undefined" ? new BroadcastChannel("roots-session") : null;
type TabMessage = { type: "session"; payload: AuthPayloadFieldsFragment } | { type: "signedOut" };
channel?.addEventListener("message", (e: MessageEvent<TabMessage>) => {
  if (e.data.type === "session") session.apply(e.data.payload);
  else if (session.getState().status === "signedIn") session.apply(null);
});

/** Applies a sign-in or refresh answer here and in every other open tab. */
export function shareSession(payload: AuthPayloadFieldsFragment | null, reason?: string): void {
  session.apply(payload, reason);
  if (payload?.signedIn) channel?.postMessage({ type: "session", payload } satisfies TabMessage);
  else channel?.postMessage({ type: "signedOut" } satisfies TabMessage);
}

/** The signed-in member as the app keeps them (the ViewerFields fragment in auth.graphql). */
export const VIEWER_FIELDS = `fragment ViewerFields on Viewer { id displayName email phone preferredLanguage digits villageOfOrigin roles mainRole can { accessManagement accessAdmin manageRoles readOutbox handleDocumentRequests reviewPartnerApps } }`;
// Sent with plain fetch so a page load needs no GraphQL client to learn who is signed in.
// Kept equal to the RefreshSession operation in auth.graphql (a unit test checks).
export const REFRESH_QUERY = `mutation RefreshSession { refreshSession { ...AuthPayloadFields } }
fragment AuthPayloadFields on AuthPayload { signedIn accessToken accessTokenExpiresAt returnTo notices { key message } viewer { ...ViewerFields } }
${VIEWER_FIELDS}`;
const SIGN_OUT_QUERY = `mutation SignOut { signOut }`;

/** Posts `operation` by its hash (trusted documents), and whole again if the server does not know the hash. */
async function post<T>(
  operation: DocumentNode,
  query: string,
): Promise<{ data?: T; errors?: { message: string; extensions?: { code?: string } }[] }> {
  const headers: Record<string, string> = { "content-type": "application/json", "apollo-require-preflight": "true" };
  if (session.accessToken) headers.authorization = `Bearer ${session.accessToken}`;
  const lang = document.documentElement.lang;
  if (lang) headers["x-roots-language"] = lang;
  const send = async (whole: boolean) =>
    (await (
      await fetchWithRetry("/graphql", {
        method: "POST",
        credentials: "same-origin",
        headers,
        body: persistedBody(operation, query, whole),
      })
    ).json()) as { data?: T; errors?: { message: string; extensions?: { code?: string } }[] };
  const body = await send(false);
  return isPersistedQueryNotFound(body) ? send(true) : body;
}

/** Runs `fn` while holding a lock shared by every tab, so two tabs never spend the same refresh token. */
function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  return typeof navigator !== "undefined" && navigator.locks ? (navigator.locks.request("roots-refresh", fn) as Promise<T>) : fn();
}

/**
 * The cookie the server sets beside the refresh cookie, and clears with it: someone signed in on
 * this browser (server/src/app/session-hint.ts). No secret: it only says to wait for the session
 * before the first render (main.tsx), so a member is never shown a visitor's page first.
 */
export const SESSION_HINT_COOKIE = "roots_session_hint";

/** True when this browser carries the session hint. */
export const hasSessionHint = (): boolean =>
  typeof document !== "undefined" && document.cookie.split(/;\s*/).some((c) => c.startsWith(`${SESSION_HINT_COOKIE}=`));

/** Forgets the hint once the server said no one is signed in (a refresh cookie gone or refused). */
function forgetSessionHint(): void {
  if (!hasSessionHint()) return;
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

/** Trades the refresh cookie for a new access token. Resolves whether the member is signed in. */
export function refreshSession(): Promise<boolean> {
  return withRefreshLock(async () => {
    try {
      const body = await post<{ refreshSession: AuthPayloadFieldsFragment }>(RefreshSessionDocument, REFRESH_QUERY);
      const payload = body.data?.refreshSession ?? null;
      const code = body.errors?.[0]?.extensions?.code;
      // A server that could not answer (too busy, a fault) said nothing about the session: as offline.
      if (!payload && code !== undefined && code !== "UNAUTHENTICATED") throw new Error(code);
      if (!payload?.signedIn) forgetSessionHint();
      shareSession(payload, body.errors?.[0]?.message);
      return Boolean(payload?.signedIn);
    } catch {
      // Offline or the server is down: keep the current state; the scheduler tries again.
      if (session.getState().status === "loading") session.apply(null);
      return session.getState().status === "signedIn";
    }
  });
}

/** Signs out on the server, then here. Throws when the server could not be reached. */
export async function signOut(): Promise<void> {
  const body = await post<{ signOut: boolean }>(SignOutDocument, SIGN_OUT_QUERY);
  if (!body.data?.signOut) throw new Error(body.errors?.[0]?.message ?? "sign-out failed");
  shareSession(null);
}

/** Every 30 s, renews the access token when 90 s or less remain. Returns a stop function. */
export function startRefreshScheduler(now: () => number = Date.now): () => void {
  const timer = setInterval(() => {
    if (session.getState().status === "signedIn" && refreshDue(session.expiresAt, now())) void refreshSession();
  }, CHECK_EVERY_MS);
  return () => clearInterval(timer);
}
