import "./ui/theme";
import "./styles.css";
import "./ui/touch.css";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/App";
import { hasSessionHint, refreshSession, session } from "./app/auth/session";
import { featureFlags, loadFeatureFlags } from "./app/flags";
import { takeServerData } from "./app/first-screen/server-data";
import { preloadRoute } from "./app/preload";
import { initI18n } from "./i18n";
import { DEFAULT_DIGITS, digitStyle } from "./i18n/digits";
import { loadFonts } from "./ui/theme/fonts";

// A page the server rendered with its data (first-screen/server-render.tsx): for whom, in which
// language, with which parts on.
const rendered = takeServerData();
const renderedIn = document.documentElement.lang;
if (rendered?.flags) featureFlags.set(rendered.flags);
// Who is signed in (the refresh cookie) and which parts are on: asked at once, beside the page's
// module and texts, so a member's page can ask for its data as soon as it first renders.
const signedIn = refreshSession();
void loadFeatureFlags();
loadFonts();
// The page's module and the reader's texts load side by side; React starts once both are in, so
// its first commit is the page itself, never a spinner over the server's first screen. A page the
// server rendered waits for the session too, to be taken over only by the reader it was made for;
// so does any page when someone signed in on this browser (the session hint: the server then sent
// the neutral frame), so a returning member's first render is their own view, never a visitor's.
await Promise.all([
  initI18n(),
  preloadRoute(location.pathname).catch(() => undefined),
  rendered || hasSessionHint() ? signedIn : undefined,
]);

const root = document.getElementById("root")!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
const state = session.getState();
const reader = state.status === "signedIn" ? state.viewer.id : null;
// (The server writes Latin digits: a reader who chose Arabic-Indic ones gets the page rendered anew.)
const sameDigits = i18next.language !== "ar" || digitStyle() === DEFAULT_DIGITS;
if (rendered && i18next.language === renderedIn && rendered.viewer === reader && sameDigits) {
  // React takes over the server's page as it is (hydration): no element is made again. As a
  // transition, the work is done in slices, between which the page stays usable. The app then
  // renders what differs from the server's view: the session once known, a member's own view.
  session.takeOverRendered(rendered.viewer !== null);
  startTransition(() => void hydrateRoot(root, app));
} else {
  // The first render is a transition: React renders it in slices and lets the browser breathe
  // between them (no long task of the whole page), while what is already painted stays.
  startTransition(() => createRoot(root).render(app));
}
