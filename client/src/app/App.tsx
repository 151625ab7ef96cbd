import { useEffect } from "react";
import { BrowserRouter, useRoutes } from "react-router-dom";
import { AuthBootstrap } from "./auth/AuthBootstrap";
import { Toaster } from "../ui/Toaster";
import { routes } from "./router";

function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  // The live page is in: the server's first screen (inert, app/first-screen) is gone, and the page may be used.
  useEffect(() => document.getElementById("root")?.removeAttribute("inert"), []);
  return (
    <BrowserRouter>
      <AuthBootstrap />
      <AppRoutes />
      <Toaster />
    </BrowserRouter>
  );
}
