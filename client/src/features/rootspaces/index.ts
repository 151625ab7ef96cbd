import { lazy } from "react";

/** What other features may use of rootspaces: the current rootspace's card, loaded with its data on demand. */
export const RootspaceCard = lazy(() => import("./components/RootspaceCard"));
