import type { DataSource } from "typeorm";
import type { EventBus } from "../../common/event-bus.js";
import type { FeatureFlags, FlagSource } from "../../common/flags.js";
import { logger } from "../../common/logger.js";
import { flagDefaults } from "../../common/flag-catalogue.js";

/** How old a snapshot may get before a request reloads it (other instances' changes arrive by the bus, or by then). */
export const FLAG_REFRESH_MS = 5_000;

export interface FlagStore extends FlagSource {
  /** Stops listening to the bus. */
  close(): Promise<void>;
}

/** The flags as on/off, given the stored rows: a row wins, else the production default. */
export function flagsFromRows(rows: readonly { key: string; enabled: boolean }[]): Set<string> {
  const stored = new Map(rows.map((r) => [r.key, r.enabled]));
  const defaults = flagDefaults();
  return new Set(Object.keys(defaults).filter((key) => stored.get(key) ?? defaults[key]));
}

/** Marks the snapshot's reload: the instance's, not the request's that happens to find it stale. */
export const FLAG_REFRESH_SQL_TAG = "/* flag refresh */";

/**
 * One instance's flag snapshot: loaded with one query, reloaded when a request finds it older
 * than FLAG_REFRESH_MS or dropped, and dropped when any instance announces a change on the bus.
 * Guards read it synchronously, so a flag costs no query per field or per request.
 */
export function createFlagStore(ds: DataSource, bus: EventBus, refreshMs = FLAG_REFRESH_MS): FlagStore {
  let on = flagsFromRows([]);
  let loadedAt = Number.NEGATIVE_INFINITY;
  let generation = 0;
  let loading: Promise<void> | null = null;
  const listeners = new Set<() => void>();

  const reload = async (): Promise<void> => {
    const gen = generation;
    // eslint-disable-next-line no-restricted-syntax -- a cache's age, not a business rule
    const startedAt = Date.now();
    const rows: { key: string; enabled: boolean }[] = await ds.query(`${FLAG_REFRESH_SQL_TAG} SELECT key, enabled FROM feature_flags`);
    // A change announced while this query ran may be missing from it: keep the snapshot stale then.
    if (gen !== generation) return;
    on = flagsFromRows(rows);
    loadedAt = startedAt;
  };

  const store: FlagStore = {
    isOn: (flag) => on.has(flag),
    invalidate: () => {
      generation++;
      loadedAt = Number.NEGATIVE_INFINITY;
      loading = null;
    },
    async fresh(): Promise<FeatureFlags> {
      // eslint-disable-next-line no-restricted-syntax -- a cache's age, not a business rule
      if (Date.now() - loadedAt < refreshMs) return store;
      if (!loading) {
        const current = reload().finally(() => {
          if (loading === current) loading = null;
        });
        loading = current;
      }
      await loading;
      return store;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {
      await changes.return?.();
    },
  };

  const changes = bus.subscribe("FEATURE_FLAG_CHANGED");
  void (async () => {
    for await (const _change of changes) {
      store.invalidate();
      // Loaded at once (not at the next request), so live subscriptions of a part switched off end now.
      if (!listeners.size) continue;
      try {
        await store.fresh();
      } catch (err) {
        logger.warn("Feature flags could not be reloaded after a change", { err: String(err) });
        continue;
      }
      for (const listener of listeners) listener();
    }
  })();
  return store;
}
