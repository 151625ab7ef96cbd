import { currentRootspaceSlug } from "../../lib/rootspace";

/** The id of the `<script type="application/json">` a server-rendered page carries its data in. */
export const SERVER_DATA_ID = "roots-data";

/** What the server rendered a page from: the GraphQL answers, as Apollo's cache holds them, in a rootspace. */
export interface ServerData {
  rootspace: string;
  cache: Record<string, unknown>;
}

/**
 * The data the server rendered this page from (server-render.tsx), for the GraphQL client's cache,
 * so the page renders at once from it instead of asking again. Read once (then removed); null when
 * there is none, or when the reader works in another rootspace than the one it was rendered for.
 */
export function takeServerData(): ServerData["cache"] | null {
  const script = typeof document === "undefined" ? null : document.getElementById(SERVER_DATA_ID);
  if (!script) return null;
  script.remove();
  try {
    const data = JSON.parse(script.textContent ?? "") as ServerData;
    return data.rootspace === currentRootspaceSlug() ? data.cache : null;
  } catch {
    return null; // a damaged copy: the page asks the server, as it would without one
  }
}
