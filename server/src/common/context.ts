import type { DataSource } from "typeorm";
import type { Viewer } from "./auth/viewer.js";
import type { EventBus } from "./event-bus.js";
import type { Language } from "./i18n.js";

/** What every resolver receives, per request (HTTP) or per operation (WebSocket). */
export interface Context {
  viewer: Viewer;
  language: Language;
  ds: DataSource;
  bus: EventBus;
  /** Per-request memo: `ctx.use(createXLoaders)` builds an area's DataLoaders once. */
  use<T>(factory: (ds: DataSource) => T): T;
}

export function createContext(base: Omit<Context, "use">): Context {
  const memo = new Map<unknown, unknown>();
  return {
    ...base,
    use<T>(factory: (ds: DataSource) => T): T {
      if (!memo.has(factory)) memo.set(factory, factory(base.ds));
      return memo.get(factory) as T;
    },
  };
}
