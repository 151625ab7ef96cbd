import { useEffect } from "react";
import { BrowserRouter, useRoutes } from "react-router-dom";
import { AuthBootstrap } from "./auth/AuthBootstrap";
import { Toaster } from "../ui/Toaster";
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
  useEffect(() => document.getElementById("root")?.removeAttribute("inert"), []);
  return (
    <BrowserRouter>
      <AppBody />
    </BrowserRouter>
  );
}
