import { useCallback, useState } from "react";
import { appConfig } from "../../lib/config";
import { chooseRootspace, currentRootspaceSlug } from "../../lib/rootspace";
import { useRootspacesQuery } from "./generated";

/**
 * The rootspace a visitor is working in, remembered in browser storage; falls back to
 * the default (`lebanon`) when the saved one no longer exists.
 */
export function useCurrentRootspace() {
  const [slug, setSlug] = useState(currentRootspaceSlug);
  const query = useRootspacesQuery({ variables: { first: 100 } });
  const all = query.data?.rootspaces.edges.map((e) => e.node) ?? [];
  const current = all.find((r) => r.slug === slug) ?? all.find((r) => r.slug === appConfig.defaultRootspace) ?? all[0] ?? null;
  const select = useCallback((next: string) => {
    setSlug(next);
    // Every request names it from now on (X-Rootspace); the API client starts afresh (apollo.ts).
    chooseRootspace(next);
  }, []);
  return { current, all, total: query.data?.rootspaces.totalCount ?? 0, loading: query.loading, error: query.error, select };
}
