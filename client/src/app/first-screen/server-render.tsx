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
import { MemoryRouter, useRoutes } from "react-router-dom";
import { Observable } from "rxjs";
import { initI18n, loadLanguage } from "../../i18n";
import { LANGUAGES, type LanguageCode } from "../../i18n/languages";
import { appConfig } from "../../lib/config";
import { CACHE_TYPE_POLICIES } from "../cachePolicies";
import { featureFlags, FEATURE_FLAGS_QUERY, type FlagValue } from "../flags";
import { routes } from "../router";
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

/** A page rendered on the server. */
export interface RenderedPage {
  /** What goes inside `#root`. */
  html: string;
  /** The document title the page gives itself (useDocumentTitle), if any. */
  title: string | null;
  /** The page is the not-found page (an unknown village): the server answers 404. */
  notFound: boolean;
  /** The GraphQL answers the page was made of, for the browser's cache (server-data.ts). */
  data: ServerData;
}

function Page() {
  return useRoutes(routes);
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
 * Renders `url` (a path with its query) in `lang` for a visitor, with every query the page makes
 * answered by `execute`. Refuses (throws) when an answer has errors or the render fails: the
 * server then sends the page's frame, and the browser renders it as before.
 */
export function renderPage(url: string, lang: LanguageCode, execute: Execute): Promise<RenderedPage> {
  const run = turn.then(() => render(url, lang, execute));
  turn = run.catch(() => undefined);
  return run;
}

async function render(url: string, lang: LanguageCode, execute: Execute): Promise<RenderedPage> {
  await start();
  await i18next.changeLanguage(lang);
  // The parts that are switched off stay hidden, as the browser hides them once it knows the flags.
  const flags = await execute({ query: FEATURE_FLAGS_QUERY, variables: {}, operationName: "FeatureFlags" }, lang);
  featureFlags.set((flags.data?.featureFlags as FlagValue[] | undefined) ?? null);
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
            <Page />
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
    data: { rootspace: appConfig.defaultRootspace, cache: client.extract() as Record<string, unknown> },
  };
}
