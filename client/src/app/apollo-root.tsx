import { ApolloProvider } from "@apollo/client/react";
import type { ReactNode } from "react";
import { createApolloClient } from "./apollo";

let client: ReturnType<typeof createApolloClient> | undefined;

/** Loaded on demand: pages that read data pull Apollo Client in; the landing shell does not. */
export default function ApolloRoot({ children }: { children: ReactNode }) {
  client ??= createApolloClient();
  return <ApolloProvider client={client}>{children}</ApolloProvider>;
}
