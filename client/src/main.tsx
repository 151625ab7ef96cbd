import "./ui/theme";
import "./styles.css";
import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { preloadRoute } from "./app/preload";
import { initI18n, initialLanguage } from "./i18n";
import { loadFonts } from "./ui/theme/fonts";
import { preloadFirstFont } from "./ui/theme/preload";

loadFonts();
preloadFirstFont(initialLanguage());
// The page's module and the reader's texts load side by side; React starts once both are in, so
// its first commit is the page itself, never a spinner over the server's first screen.
await Promise.all([initI18n(), preloadRoute(location.pathname).catch(() => undefined)]);
// The first render is a transition: React renders it in slices and lets the browser breathe
// between them (no long task of the whole page), while what is already painted stays.
startTransition(() =>
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
