import { createContext, useContext } from "react";
import type { ApolloClient } from "@apollo/client";

/**
 * True while the build renders a page's first screen to HTML (first-screen/render.tsx): parts
 * that read GraphQL show their placeholder instead, as they do in the browser until data comes.
 */
export const FirstScreenContext = createContext(false);

export const useFirstScreen = (): boolean => useContext(FirstScreenContext);

/** The request's own GraphQL client while the server renders a page (never shared between requests). */
export const ServerApolloContext = createContext<ApolloClient | null>(null);
