import "./ui/theme";
import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { preloadRoute } from "./app/preload";
import { initI18n, initialLanguage } from "./i18n";
import { preloadFirstFont } from "./ui/theme/preload";

preloadFirstFont(initialLanguage());
void preloadRoute(location.pathname);
await initI18n();
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
