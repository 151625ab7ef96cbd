import { createContext, useContext } from "react";

/**
 * True while the build renders a page's first screen to HTML (first-screen/render.tsx): parts
 * that read GraphQL show their placeholder instead, as they do in the browser until data comes.
 */
export const FirstScreenContext = createContext(false);

export const useFirstScreen = (): boolean => useContext(FirstScreenContext);
