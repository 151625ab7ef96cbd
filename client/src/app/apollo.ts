import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from "@apollo/client";
import { ServerError } from "@apollo/client/errors";
import { Observable, mergeMap, of } from "rxjs";
import { OperationTypeNode } from "graphql";
import { PersistedQueryLink } from "@apollo/client/link/persisted-queries";
import { GraphQLWsLink } from "@apollo/client/link/subscriptions";
import { getMainDefinition } from "@apollo/client/utilities";
import { createClient } from "graphql-ws";
import i18next from "i18next";
import { session } from "./auth/session";
import { currentLanguage } from "../i18n";
import { appConfig } from "../lib/config";
import { chooseRootspace, currentRootspaceSlug, onRootspaceChange } from "../lib/rootspace";
import { CACHE_TYPE_POLICIES } from "./cachePolicies";
import { onPageTakenOver, type ServerData } from "./first-screen/server-data";
import { documentHash } from "../lib/trustedDocuments";

/** How long after the app took a rendered page over its data still counts as just fetched. */
const SERVER_DATA_FRESH_MS = 3000;

/** The server's answer to a rootspace it does not know (or no longer keeps open). */
const UNKNOWN_ROOTSPACE = "errors.unknown_rootspace";

const wsUrl = () => `${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}/graphql`;

/**
 * One Apollo client: queries and mutations over HTTP, subscriptions over graphql-ws
 * (opened lazily, reconnecting after 1, 2, 5 then 10 s, spec §9). Every request
 * carries the reader's language so server messages come back translated, and the current
 * rootspace (`X-Rootspace`; the WebSocket's `rootspace` parameter) the server scopes it by.
 */
export function createApolloClient({ serverData = null }: { serverData?: ServerData | null } = {}): ApolloClient {
  const http = new HttpLink({
    uri: "/graphql",
    headers: { "apollo-require-preflight": "true" },
  });
  // The reader's language and rootspace, as a request carries them.
  const askedIn = () => `${currentLanguage()} ${currentRootspaceSlug()}`;
  const language = new ApolloLink((operation, forward) => {
    const send = (): Observable<ApolloLink.Result> => {
      const asked = askedIn();
      operation.setContext(({ headers = {} }: { headers?: Record<string, string> }) => ({
        headers: {
          ...headers,
          "x-roots-language": currentLanguage(),
          "x-rootspace": currentRootspaceSlug(),
          ...(session.accessToken ? { authorization: `Bearer ${session.accessToken}` } : {}),
        },
      }));
      const answer = forward(operation);
      // A query answered after the reader changed language (or rootspace) is asked again in the
      // new one. Apollo shares a request in flight with every identical query, the refetch made
      // for the change included, so the old answer would otherwise stay on screen.
      if (operation.operationType !== OperationTypeNode.QUERY) return answer;
      return answer.pipe(mergeMap((result) => (askedIn() === asked ? of(result) : send())));
    };
    return send();
  });
  // A page opened directly (a shared link, a reload) may ask for data while the session is
  // still being restored: the request waits until it is known, so it carries the member's token
  // and nothing cached belongs to no one. (Clearing the store once the session arrived instead
  // aborted the request in flight: a person page then failed to load.)
  const sessionKnown = new ApolloLink((operation, forward) => {
    if (session.getState().status !== "loading") return forward(operation);
    return new Observable((observer) => {
      let inner: { unsubscribe(): void } | undefined;
      const stop = session.subscribe(() => {
        if (session.getState().status === "loading" || inner) return;
        stop();
        inner = forward(operation).subscribe(observer);
      });
      return () => {
        stop();
        inner?.unsubscribe();
      };
    });
  });
  // A stored choice the server no longer knows (a rootspace closed since) would refuse every
  // request: the choice is forgotten, and what is on screen is fetched again in the default.
  const unknownRootspace = new ApolloLink(
    (operation, forward) =>
      new Observable((observer) => {
        const forget = () => {
          if (currentRootspaceSlug() !== appConfig.defaultRootspace) chooseRootspace(null);
        };
        const sub = forward(operation).subscribe({
          next: (result) => {
            if (result.errors?.some((e) => e.extensions?.key === UNKNOWN_ROOTSPACE)) forget();
            observer.next(result);
          },
          error: (err: unknown) => {
            if (ServerError.is(err) && err.bodyText.includes(`"${UNKNOWN_ROOTSPACE}"`)) forget();
            observer.error(err);
          },
          complete: () => observer.complete(),
        });
        return () => sub.unsubscribe();
      }),
  );
  const delays = [1000, 2000, 5000, 10000];
  const wsClient = createClient({
    url: wsUrl(),
    lazy: true,
    keepAlive: 25_000,
    retryAttempts: Infinity,
    shouldRetry: () => true,
    retryWait: (retries) => new Promise((r) => setTimeout(r, delays[Math.min(retries, delays.length - 1)])),
    connectionParams: () => ({
      language: currentLanguage(),
      rootspace: currentRootspaceSlug(),
      ...(session.accessToken ? { authorization: `Bearer ${session.accessToken}` } : {}),
    }),
  });
  // Trusted documents: an operation is sent as the hash codegen gave it (lib/trustedDocuments.ts),
  // over HTTP without its text, over the socket with an empty one (graphql-ws wants a string);
  // whole again only when the server does not know the hash (a development server older than
  // the build: in production it refuses that too). A document codegen did not write goes whole.
  const persisted = new PersistedQueryLink({ generateHash: (document) => documentHash(document)! });
  const hashes = new ApolloLink((operation, forward) =>
    documentHash(operation.query) ? persisted.request(operation, forward) : forward(operation),
  );
  const wsWhole = new GraphQLWsLink(wsClient);
  const wsHashed = new GraphQLWsLink({ ...wsClient, subscribe: (payload, sink) => wsClient.subscribe({ ...payload, query: "" }, sink) });
  const wsSend = new ApolloLink((operation) =>
    ((operation.getContext() as { http?: { includeQuery?: boolean } }).http?.includeQuery === false ? wsHashed : wsWhole).request(
      operation,
    ),
  );
  const ws = ApolloLink.from([unknownRootspace, wsSend]);
  const link = ApolloLink.from([
    hashes,
    ApolloLink.split(
      ({ query }) => {
        const def = getMainDefinition(query);
        return def.kind === "OperationDefinition" && def.operation === "subscription";
      },
      ws,
      ApolloLink.from([sessionKnown, unknownRootspace, language, http]),
    ),
  ]);
  // A different member (or none) must not see the previous one's cached data or socket. The
  // viewer is undefined while the session is being restored (no request goes out meanwhile).
  const viewerOf = () => {
    const state = session.getState();
    return state.status === "loading" ? undefined : state.status === "signedIn" ? state.viewer.id : null;
  };
  let who = viewerOf();
  // Whether the data a page was rendered with (first-screen/server-render.tsx) is this reader's:
  // rendered for a visitor, it is anyone's until a member is known; rendered for a member, it is
  // theirs alone.
  const readerOf = (viewer: string | null | undefined) => serverData !== null && (viewer === undefined || viewer === serverData.viewer);
  // Such a page starts from the data it was made of, and its parts that would ask again at once
  // (cache-and-network) take it as it is, until a moment after the app has taken the page over, or
  // the reader does something: a list refetched then (after an upload) comes from the server.
  let rendered = readerOf(who);
  const client = new ApolloClient({ link, cache: new InMemoryCache({ typePolicies: CACHE_TYPE_POLICIES }) });
  const READER_ACTS = ["pointerdown", "keydown", "input", "change"];
  const fresh = () => {
    client.prioritizeCacheValues = false;
    for (const type of READER_ACTS) document.removeEventListener(type, fresh, true);
  };
  if (rendered) {
    client.cache.restore(serverData!.cache as Parameters<typeof client.cache.restore>[0]);
    client.prioritizeCacheValues = true;
    onPageTakenOver(() => setTimeout(fresh, SERVER_DATA_FRESH_MS));
    for (const type of READER_ACTS) document.addEventListener(type, fresh, true);
  }
  session.subscribe(() => {
    const now = viewerOf();
    if (now === undefined || now === who) return;
    const restored = who === undefined;
    who = now;
    fresh();
    // The socket reconnects with the new token (one opened while the session was unknown had none).
    wsClient.terminate();
    // Just restored: nothing cached belongs to anyone else, unless the page was rendered for
    // someone else than the reader now known (a member on a visitor's page: their own view, with
    // what they may do there), and then what is on screen is asked for again.
    if (restored && rendered && now !== serverData!.viewer) client.resetStore().catch(() => undefined);
    else if (!restored) void client.clearStore();
    rendered = false;
  });
  // Another rootspace: nothing cached belongs to it, and the socket reconnects naming it.
  onRootspaceChange(() => {
    fresh();
    wsClient.terminate();
    // Active queries fetch again in it; their own errors show where they are displayed.
    client.resetStore().catch(() => undefined);
  });
  // Server messages (warnings, refusal reasons, errors) come translated: what is on screen is
  // fetched again in the new language. (Resetting the whole store would also drop the results
  // of lazy queries, such as a relationship the member asked for.)
  i18next.on("languageChanged", () => {
    fresh();
    void client.refetchQueries({ include: "active" });
  });
  return client;
}
