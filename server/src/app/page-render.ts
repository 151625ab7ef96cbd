import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Language } from "../common/i18n.js";
import { logger } from "../common/logger.js";

/** One GraphQL operation the page's components make while the server renders it. */
export interface PageOperation {
  query: string;
  variables: Record<string, unknown>;
  operationName: string | undefined;
}

/** Its answer, as the GraphQL endpoint would give it. */
export interface PageOperationResult {
  data?: Record<string, unknown> | null;
  errors?: readonly { message: string; extensions?: Record<string, unknown> }[];
}

/** A page the client's components rendered on the server (client/src/app/first-screen/server-render.tsx). */
export interface RenderedPage {
  html: string;
  title: string | null;
  notFound: boolean;
  /** Rendered for the member the request named (their own view), not for a visitor. */
  member: boolean;
  data: unknown;
}

/**
 * The client's renderer: `url` in `lang`, its queries answered by `execute` (as the reader: a
 * member or a visitor); null when the page is not rendered for that reader; throws when it cannot.
 */
export type PageRenderer = (
  url: string,
  lang: Language,
  execute: (operation: PageOperation, lang: Language) => Promise<PageOperationResult>,
) => Promise<RenderedPage | null>;

/**
 * The renderer the client build made for the server (`dist/.server/server-render.js`), or null
 * when the build has none (a development client, or an older build): pages are then sent with
 * their frame only, as before.
 */
export async function loadPageRenderer(dist: string): Promise<PageRenderer | null> {
  const file = resolve(dist, ".server", "server-render.js");
  if (!existsSync(file)) return null;
  try {
    const module = (await import(pathToFileURL(file).href)) as { renderPage?: PageRenderer; warmUp?: () => Promise<void> };
    if (typeof module.renderPage !== "function") return null;
    // Its texts and page modules loaded before the server answers: else the first pages wait for them, past the render's time limit.
    await module.warmUp?.().catch((err: unknown) => logger.warn("The server renderer could not warm up", { err: String(err) }));
    return module.renderPage;
  } catch (err) {
    logger.error("The client's server renderer could not be loaded; pages are sent without their data", { err: String(err) });
    return null;
  }
}
