import type { DataSource } from "typeorm";
import type { Config } from "../config.js";
import type { Viewer } from "./auth/viewer.js";
import type { EventBus } from "./event-bus.js";
import type { Language } from "./i18n.js";

/** Cookie access for resolvers that manage the session cookie (HTTP only; absent on WebSocket). */
export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, opts: { maxAgeSeconds: number; path: string }): void;
  clear(name: string, path: string): void;
}

/** What every resolver receives, per request (HTTP) or per operation (WebSocket). */
export interface Context {
  viewer: Viewer;
  language: Language;
  ds: DataSource;
  bus: EventBus;
  config: Config;
  /** Who is calling, for rate limits and the session list. */
  client: { ip: string | null; userAgent: string | null };
  cookies: CookieJar | null;
  /**
   * The rootspace the request works in, resolved once per request (HTTP `X-Rootspace` header,
   * WebSocket `rootspace` connection parameter; `lebanon` when absent). Every genealogy read
   * and write is scoped by `id`.
   */
  rootspace: { id: string; slug: string };
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
