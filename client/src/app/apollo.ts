import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from "@apollo/client";
import { GraphQLWsLink } from "@apollo/client/link/subscriptions";
import { getMainDefinition } from "@apollo/client/utilities";
import { createClient } from "graphql-ws";
import i18next from "i18next";
import { session } from "../features/auth/session";
import { currentLanguage } from "../i18n";

const wsUrl = () => `${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}/graphql`;

/**
 * One Apollo client: queries and mutations over HTTP, subscriptions over graphql-ws
 * (opened lazily, reconnecting after 1, 2, 5 then 10 s, spec §9). Every request
 * carries the reader's language so server messages come back translated.
 */
export function createApolloClient(): ApolloClient {
  const http = new HttpLink({
    uri: "/graphql",
    headers: { "apollo-require-preflight": "true" },
  });
  const language = new ApolloLink((operation, forward) => {
    operation.setContext(({ headers = {} }: { headers?: Record<string, string> }) => ({
      headers: {
        ...headers,
        "x-roots-language": currentLanguage(),
        ...(session.accessToken ? { authorization: `Bearer ${session.accessToken}` } : {}),
      },
    }));
    return forward(operation);
  });
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
        ...(session.accessToken ? { authorization: `Bearer ${session.accessToken}` } : {}),
      }),
  });
  const ws = new GraphQLWsLink(wsClient);
  const link = ApolloLink.split(
    ({ query }) => {
      const def = getMainDefinition(query);
      return def.kind === "OperationDefinition" && def.operation === "subscription";
    },
    ws,
    language.concat(http),
  );
  const client = new ApolloClient({ link, cache: new InMemoryCache() });
  // A different member (or none) must not see the previous one's cached data or socket.
  let who = session.getState().status === "signedIn" ? (session.getState() as { viewer: { id: string } }).viewer.id : null;
  session.subscribe(() => {
    const state = session.getState();
    const now = state.status === "signedIn" ? state.viewer.id : null;
    if (state.status === "loading" || now === who) return;
    who = now;
    wsClient.terminate();
    void client.clearStore();
  });
  // Server messages (warnings, refusal reasons, errors) come translated: what is on screen is
  // fetched again in the new language. (Resetting the whole store would also drop the results
  // of lazy queries, such as a relationship the member asked for.)
  i18next.on("languageChanged", () => void client.refetchQueries({ include: "active" }));
  return client;
}
