import { useCallback, useSyncExternalStore } from "react";
import { FeatureFlagsDocument } from "../gql/graphql";
import { fetchWithRetry } from "../lib/retry";
import { isPersistedQueryNotFound, persistedBody } from "../lib/trustedDocuments";

/** Sent with plain fetch (by its hash: FeatureFlags in system.graphql), like the session refresh: the shell's navigation needs no GraphQL client. */
export const FEATURE_FLAGS_QUERY = `query FeatureFlags { featureFlags { key enabled } }`;

export interface FlagValue {
  key: string;
  enabled: boolean;
}

type Listener = () => void;

/**
 * The feature flags in this tab, loaded once at start and again after an admin changes one.
 * Until they load (or when the server cannot be reached) everything shows: the server refuses
 * what is off anyway, so hiding is only a courtesy.
 */
class FlagStore {
  private state: ReadonlyMap<string, boolean> | null = null;
  private listeners = new Set<Listener>();

  get = (): ReadonlyMap<string, boolean> | null => this.state;

  subscribe = (fn: Listener): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  set(flags: readonly FlagValue[] | null) {
    this.state = flags ? new Map(flags.map((f) => [f.key, f.enabled])) : null;
    this.listeners.forEach((fn) => fn());
  }
}

export const featureFlags = new FlagStore();

/** Whether every one of `flags` is on (absent ones, and flags not loaded yet, count as on). */
export const flagsOn = (state: ReadonlyMap<string, boolean> | null, flags: readonly (string | undefined)[]): boolean =>
  flags.every((flag) => !flag || !state || state.get(flag) !== false);

/** Fetches the flags from the server; keeps the current ones when it cannot. */
export async function loadFeatureFlags(): Promise<void> {
  try {
    const send = async (whole: boolean) =>
      (await (
        await fetchWithRetry("/graphql", {
          method: "POST",
          credentials: "same-origin",
          headers: { "content-type": "application/json", "apollo-require-preflight": "true" },
          body: persistedBody(FeatureFlagsDocument, FEATURE_FLAGS_QUERY, whole),
        })
      ).json()) as { data?: { featureFlags?: FlagValue[] }; errors?: { extensions?: { code?: unknown } }[] };
    const first = await send(false);
    const body = isPersistedQueryNotFound(first) ? await send(true) : first;
    if (body.data?.featureFlags) featureFlags.set(body.data.featureFlags);
  } catch {
    // Offline: keep what we have; the server still enforces every flag.
  }
}

/** `on(flag, …)`: whether the part of the product behind these flags is switched on; re-renders when flags change. */
export function useFeatureFlags(): (...flags: (string | undefined)[]) => boolean {
  const state = useSyncExternalStore(featureFlags.subscribe, featureFlags.get, featureFlags.get);
  return useCallback((...flags: (string | undefined)[]) => flagsOn(state, flags), [state]);
}
