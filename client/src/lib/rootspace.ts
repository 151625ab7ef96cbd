import { appConfig } from "./config";
import { storage } from "./storage";

/** Where the current rootspace choice is kept (spec: persisted in browser storage). */
const KEY = "rootspace";
const listeners = new Set<() => void>();

/** The slug every request names (the `X-Rootspace` header, the WebSocket `rootspace` parameter): the stored choice, else the default. */
export function currentRootspaceSlug(): string {
  return storage.get<string>(KEY) ?? appConfig.defaultRootspace;
}

/** Remembers a choice (null: back to the default); the API client then starts afresh in it. */
export function chooseRootspace(slug: string | null): void {
  if (slug === currentRootspaceSlug() && slug !== null) return;
  if (slug === null) storage.remove(KEY);
  else storage.set(KEY, slug);
  for (const listener of listeners) listener();
}

/** Called after every change of the current rootspace; returns the unsubscribe. */
export function onRootspaceChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
