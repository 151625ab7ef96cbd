import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False while the server renders a page and while the browser takes that page over (hydration);
 * true right after, and in every render made in the browser. A part that measures the screen (a
 * chart) draws itself only then, from the screen it is on, and holds its place before.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
