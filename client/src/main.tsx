import "./ui/theme";
import "./styles.css";
import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { refreshSession } from "./app/auth/session";
import { loadFeatureFlags } from "./app/flags";
import { takeServerData } from "./app/first-screen/server-data";
import { preloadRoute } from "./app/preload";
import { initI18n } from "./i18n";
import { loadFonts } from "./ui/theme/fonts";

// Who is signed in (the refresh cookie) and which parts are on: asked at once, beside the page's
// module and texts, so a member's page can ask for its data as soon as it first renders.
const signedIn = refreshSession();
void loadFeatureFlags();
loadFonts();
// The page's module and the reader's texts load side by side; React starts once both are in, so
// its first commit is the page itself, never a spinner over the server's first screen. A page the
// server rendered for a member waits for the session too: its guard would show "verifying access".
await Promise.all([initI18n(), preloadRoute(location.pathname).catch(() => undefined), takeServerData()?.viewer ? signedIn : undefined]);
// The first render is a transition: React renders it in slices and lets the browser breathe
// between them (no long task of the whole page), while what is already painted stays.
startTransition(() =>
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
