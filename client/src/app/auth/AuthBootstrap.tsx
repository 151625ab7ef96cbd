import { useEffect } from "react";
import { refreshSession, startRefreshScheduler } from "./session";

/** Learns who is signed in (from the refresh cookie) once per page load, then keeps the token fresh. */
export function AuthBootstrap() {
  useEffect(() => {
    void refreshSession();
    return startRefreshScheduler();
  }, []);
  return null;
}
