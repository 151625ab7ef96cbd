import { ApolloProvider } from "@apollo/client/react";
import { useContext, type ReactNode } from "react";
import { createApolloClient } from "./apollo";
import { ServerApolloContext } from "./first-screen/context";
import { takeServerData } from "./first-screen/server-data";

let client: ReturnType<typeof createApolloClient> | undefined;

/** Loaded on demand: pages that read data pull Apollo Client in; the landing shell does not. */
export default function ApolloRoot({ children }: { children: ReactNode }) {
  // On the server, the request's own client (app/first-screen/server-render.tsx).
  const server = useContext(ServerApolloContext);
  if (server) return <ApolloProvider client={server}>{children}</ApolloProvider>;
  // In the browser, one for the tab, holding from the start what the server's page was made of.
  client ??= createApolloClient({ serverData: takeServerData() });
  return <ApolloProvider client={client}>{children}</ApolloProvider>;
}
