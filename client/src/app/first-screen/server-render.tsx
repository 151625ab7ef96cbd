// The server's renderer of public data pages (built on its own: `vite build --ssr`, into
// dist/.server). For a visitor's request of such a page (a village), the server runs the page's own
// components here with the GraphQL answers it gets in-process, and sends the page whole: its
// content is in the HTML (search engines, link previews, a phone's first paint), and the data it
// was made from rides along, so the app in the browser renders the same page without asking again.
import { ApolloClient, ApolloLink, InMemoryCache } from "@apollo/client";
import { prerenderStatic } from "@apollo/client/react/ssr";
import i18next from "i18next";
import { print } from "graphql";
import { StrictMode, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { prerenderToNodeStream } from "react-dom/static";
import { MemoryRouter } from "react-router-dom";
import { Observable } from "rxjs";
import { initI18n, loadLanguage } from "../../i18n";
import { LANGUAGES, type LanguageCode } from "../../i18n/languages";
import { appConfig } from "../../lib/config";
import { CACHE_TYPE_POLICIES } from "../cachePolicies";
import type { ViewerFieldsFragment } from "../../gql/graphql";
import { session, VIEWER_FIELDS } from "../auth/session";
import { featureFlags, type FlagValue } from "../flags";
import { AREAS } from "../areas";
import { routeOf } from "../preload";
import { AppBody } from "../App";
import { ServerPageContext, type ServerPageNotes } from "../../ui/serverPage";
import { ServerApolloContext } from "./context";
import type { ServerData } from "./server-data";

/** One GraphQL operation, run by the server as a visitor's request would be. */
export interface Operation {
  query: string;
  variables: Record<string, unknown>;
  operationName: string | undefined;
}
export interface OperationResult {
  data?: Record<string, unknown> | null;
  errors?: readonly { message: string; extensions?: Record<string, unknown> }[];
}
export type Execute = (operation: Operation, lang: LanguageCode) => Promise<OperationResult>;

/** A page rendered on the server (or null: not rendered for this reader, see renderPage). */
export interface RenderedPage {
  /** What goes inside `#root`. */
  html: string;
  /** The document title the page gives itself (useDocumentTitle), if any. */
  title: string | null;
  /** The page is the not-found page (an unknown village): the server answers 404. */
  notFound: boolean;
  /** Rendered for a signed-in member (their own view), not for a visitor. */
  member: boolean;
  /** The GraphQL answers the page was made of, for the browser's cache (server-data.ts). */
  data: ServerData;
}

// i18next is one instance with one current language: renders take turns (each is short).
let turn: Promise<unknown> = Promise.resolve();
let ready: Promise<void> | undefined;
const start = () =>
  (ready ??= (async () => {
    await initI18n(undefined, "ar");
    await Promise.all(LANGUAGES.map((l) => loadLanguage(l.code)));
  })());

/**
 * Readies the renderer before the first request: the texts of every language and the modules of
 * every page. Done on the first render instead, a cold server took over 3 s for it on a busy
 * machine, past the server's wait: that page was sent as a frame (an unknown village with 200, not 404).
 */
export async function warmUp(): Promise<void> {
  await start();
  await Promise.all(AREAS.flatMap((area) => area.routes.map((route) => route.page.preload?.())));
}

/** Who reads the page, and which parts are on: asked first, in one operation. */
const READER_QUERY = `query PageReader { viewer { ...ViewerFields } featureFlags { key enabled } }
${VIEWER_FIELDS}`;

/**
 * Renders `url` (a path with its query) in `lang` for its reader, with every query the page makes
 * answered by `execute` (as that reader: the member the request named, or a visitor). Null for a
 * member's page (`/roots`) when the reader is a visitor. Refuses (throws) when an answer has
 * errors or the render fails: the server then sends the page's frame, and the browser renders it.
 */
export function renderPage(url: string, lang: LanguageCode, execute: Execute): Promise<RenderedPage | null> {
  const run = turn.then(() => render(url, lang, execute));
  turn = run.catch(() => undefined);
  return run;
}

async function render(url: string, lang: LanguageCode, execute: Execute): Promise<RenderedPage | null> {
  await start();
  await i18next.changeLanguage(lang);
  const reader = await execute({ query: READER_QUERY, variables: {}, operationName: "PageReader" }, lang);
  const viewer = (reader.data?.viewer as ViewerFieldsFragment | null | undefined) ?? null;
  // A member's page is not rendered for a visitor: the browser sends them to sign in.
  if (!viewer && routeOf(new URL(url, "http://page").pathname)?.access === "member") return null;
  // The guards and the header see the reader, as the browser will once it knows them.
  session.renderFor(viewer);
  // The parts that are switched off stay hidden, as the browser hides them once it knows the flags.
  const flags = reader.data?.featureFlags as FlagValue[] | undefined;
  featureFlags.set(flags ?? null);
  const failures: unknown[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        execute({ query: print(operation.query), variables: operation.variables, operationName: operation.operationName }, lang).then(
          (result) => {
            // "Not found" is an answer the page shows (the not-found page, sent as 404); any other error is not.
            const errors = result.errors?.filter((e) => e.extensions?.code !== "NOT_FOUND") ?? [];
            if (errors.length) failures.push(new Error(errors.map((e) => e.message).join("; ")));
            observer.next({ data: result.data ?? null, errors: result.errors as never });
            observer.complete();
          },
          (error: unknown) => {
            failures.push(error);
            observer.error(error);
          },
        );
      }),
  );
  const client = new ApolloClient({ ssrMode: true, link, cache: new InMemoryCache({ typePolicies: CACHE_TYPE_POLICIES }) });
  const notes: ServerPageNotes = { title: null, notFound: false };
  const tree = (
    <StrictMode>
      <ServerPageContext value={notes}>
        <ServerApolloContext value={client}>
          <MemoryRouter initialEntries={[url]}>
            <AppBody />
          </MemoryRouter>
        </ServerApolloContext>
      </ServerPageContext>
    </StrictMode>
  );
  // Rendered again until no part asks for more data (Apollo's prerenderStatic). Each time, React
  // first waits for every lazy part and query (prerender), then the page is taken in one go, in
  // order (renderToString): without the inline scripts a streamed render uses to put late parts
  // in place, which the CSP refuses and a reader without JavaScript never runs.
  const { result: html } = await prerenderStatic({
    tree,
    renderFunction: async (wrapped: ReactNode) => {
      const { prelude } = await prerenderToNodeStream(wrapped, { onError: (error) => void failures.push(error) });
      for await (const chunk of prelude) void chunk;
      Object.assign(notes, { title: null, notFound: false } satisfies ServerPageNotes);
      return renderToString(wrapped);
    },
    maxRerenders: 8,
  });
  if (failures.length) throw new AggregateError(failures, `server render of ${url} (${lang}) failed`);
  // A part that still waited, or failed, is left for the browser ("<!--$!-->"): the page is not sent half made.
  if (html.includes("<!--$!")) throw new Error(`server render of ${url} (${lang}): a part of the page did not render`);
  return {
    html,
    title: notes.title,
    notFound: notes.notFound,
    member: viewer !== null,
    data: {
      rootspace: appConfig.defaultRootspace,
      viewer: viewer?.id ?? null,
      flags: flags ?? null,
      cache: client.extract() as Record<string, unknown>,
      notFound: notes.notFound,
    },
  };
}
