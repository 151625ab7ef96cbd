import { useSyncExternalStore } from "react";
import { session, type AuthState } from "./session";

/** The current session state; re-renders on sign-in, sign-out and refresh. */
export const useAuth = (): AuthState => useSyncExternalStore(session.subscribe, session.getState, session.getRenderedState);
