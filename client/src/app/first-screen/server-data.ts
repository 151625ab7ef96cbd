import { currentRootspaceSlug } from "../../lib/rootspace";
import type { FlagValue } from "../flags";

/** The id of the `<script type="application/json">` a server-rendered page carries its data in. */
export const SERVER_DATA_ID = "roots-data";

/** What the server rendered a page from: the GraphQL answers, as Apollo's cache holds them, in a rootspace. */
export interface ServerData {
  rootspace: string;
  /** The member it was rendered for (their own view), or null for a visitor. */
  viewer: string | null;
  /** The feature flags it was rendered with (the browser takes the page over with the same). */
  flags: FlagValue[] | null;
  cache: Record<string, unknown>;
  /** The page is the not-found page (its record does not exist, or is not the reader's to see). */
  notFound?: boolean;
}

let taken: ServerData | null | undefined;
/** The address the server rendered as not found, until the reader leaves it. */
let notFoundAt: string | null = null;

/**
 * The data the server rendered this page from (server-render.tsx), for the GraphQL client's cache,
 * so the page renders at once from it instead of asking again. Read once from the page (then
 * removed from it); null when there is none, or when the reader works in another rootspace than
 * the one it was rendered for.
 */
export function takeServerData(): ServerData | null {
  if (taken !== undefined) return taken;
  const script = typeof document === "undefined" ? null : document.getElementById(SERVER_DATA_ID);
  if (!script) return null;
  script.remove();
  try {
    const data = JSON.parse(script.textContent ?? "") as ServerData;
    taken = data.rootspace === currentRootspaceSlug() ? { ...data, viewer: data.viewer ?? null, flags: data.flags ?? null } : null;
    if (taken?.notFound) notFoundAt = location.pathname + location.search;
  } catch {
    taken = null; // a damaged copy: the page asks the server, as it would without one
  }
  return taken;
}

let live = false;
const whenLive: (() => void)[] = [];

/** The app has taken the page over (App.tsx, once its first render is on screen). */
export function pageTakenOver(): void {
  live = true;
  whenLive.splice(0).forEach((fn) => fn());
}

/** Runs `fn` once the app has taken the page over (at once if it has). */
export function onPageTakenOver(fn: () => void): void {
  if (live) fn();
  else whenLive.push(fn);
}

/**
 * Whether the server rendered `path` (with its query) as the not-found page. Apollo's cache keeps
 * answers, not "not found" errors, so the page would otherwise start as loading and not match the
 * server's HTML (React error #418): the data boundary shows the not-found page again instead.
 * Forgotten once the reader is elsewhere, so a later visit asks the server.
 */
export function renderedNotFound(path: string): boolean {
  if (notFoundAt !== null && notFoundAt !== path) notFoundAt = null;
  return notFoundAt === path;
}
