import { createContext } from "react";

/**
 * What a page rendered on the server (app/first-screen/server-render.tsx) tells the server beside
 * its HTML: its document title and whether it is the not-found page. Noted while rendering, since
 * no effect runs there.
 */
export interface ServerPageNotes {
  title: string | null;
  notFound: boolean;
}

/** The notes of the page being rendered on the server; null in the browser. */
export const ServerPageContext = createContext<ServerPageNotes | null>(null);
