import { useEffect } from "react";
import { changeDigits } from "../../i18n";
import { isDigitStyle, savedDigitStyle } from "../../i18n/digits";
import { session, startRefreshScheduler } from "./session";

/**
 * Keeps the access token fresh (main.tsx asks who is signed in once, as the page loads), and
 * takes a member's digits from their profile on a browser where no one chose yet.
 */
export function AuthBootstrap() {
  useEffect(() => startRefreshScheduler(), []);
  useEffect(() => {
    const adopt = () => {
      const state = session.getState();
      if (state.status === "signedIn" && isDigitStyle(state.viewer.digits) && savedDigitStyle() === null) changeDigits(state.viewer.digits);
    };
    adopt();
    return session.subscribe(adopt);
  }, []);
  return null;
}
