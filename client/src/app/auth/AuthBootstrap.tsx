import { useEffect } from "react";
import { startRefreshScheduler } from "./session";

/** Keeps the access token fresh (main.tsx asks who is signed in once, as the page loads). */
export function AuthBootstrap() {
  useEffect(() => startRefreshScheduler(), []);
  return null;
}
