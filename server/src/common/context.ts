import type { DataSource } from "typeorm";
import type { Config } from "../config.js";
import { systemClock, type Clock } from "./clock.js";
import type { Viewer } from "./auth/viewer.js";
import { principalOf, type Principal } from "./auth/principal.js";
import type { EventBus } from "./event-bus.js";
import type { FeatureFlags } from "./flags.js";
import type { Language } from "./i18n.js";
import type { JobSender } from "./jobs/index.js";

/** Cookie access for resolvers that manage the session cookie (HTTP only; absent on WebSocket). */
export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, opts: { maxAgeSeconds: number; path: string }): void;
  clear(name: string, path: string): void;
}

/** What every resolver receives, per request (HTTP) or per operation (WebSocket). */
export interface Context {
  viewer: Viewer;
  /** Who the request acts as (a visitor, a member, or a partner app alone or for a member): what policies ask. */
  principal: Principal;
  language: Language;
  ds: DataSource;
  bus: EventBus;
  config: Config;
  /** The time business rules read (expiries, rate-limit windows, deadlines); a TestClock in tests. */
  clock: Clock;
  /** Sends background jobs (an email, a follow-up step), optionally in the caller's transaction. */
  jobs: JobSender;
  /** Who is calling, for rate limits and the session list. */
  client: { ip: string | null; userAgent: string | null };
  cookies: CookieJar | null;
  /** Feature flags (this instance's snapshot, fresh when the request began). */
  flags: FeatureFlags;
  /**
   * The rootspace the request works in, resolved once per request (HTTP `X-Rootspace` header,
   * WebSocket `rootspace` connection parameter; `lebanon` when absent). Every genealogy read
   * and write is scoped by `id`.
   */
  rootspace: { id: string; slug: string };
  /**
   * Per-request memo, the one loader mechanism: `ctx.use(createXLoaders)` builds an area's
   * DataLoaders once per request (per operation on the WebSocket). Factories get the context,
   * so loaders whose SQL depends on the viewer are memoised the same way.
   */
  use<T>(factory: (ctx: Context) => T): T;
}

export function createContext(base: Omit<Context, "use" | "clock" | "principal"> & { clock?: Clock; principal?: Principal }): Context {
  const memo = new Map<unknown, unknown>();
  const ctx: Context = {
    ...base,
    principal: base.principal ?? principalOf(base.viewer),
    clock: base.clock ?? systemClock,
    use<T>(factory: (ctx: Context) => T): T {
      if (!memo.has(factory)) memo.set(factory, factory(ctx));
      return memo.get(factory) as T;
    },
  };
  return ctx;
}
