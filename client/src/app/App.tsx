import { useEffect } from "react";
import { BrowserRouter, useRoutes } from "react-router-dom";
import { AuthBootstrap } from "./auth/AuthBootstrap";
import { Toaster } from "../ui/Toaster";
import { pageTakenOver } from "./first-screen/server-data";
import { routes } from "./router";

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * What the app renders inside its router. The server renders the same (first-screen/server-render.tsx)
 * inside its own router, so the browser can take over a page it rendered as it is (hydration).
 */
export function AppBody() {
  return (
    <>
      <AuthBootstrap />
      <AppRoutes />
      <Toaster />
    </>
  );
}

export function App() {
  // The live page is in: the server's first screen (inert, app/first-screen) is gone, and the page may be used.
  useEffect(() => {
    const root = document.getElementById("root");
    root?.removeAttribute("inert");
    root?.removeAttribute("aria-disabled");
    pageTakenOver();
  }, []);
  return (
    <BrowserRouter>
      <AppBody />
    </BrowserRouter>
  );
}
