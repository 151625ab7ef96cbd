import { BrowserRouter, useRoutes } from "react-router-dom";
import { AuthBootstrap } from "./auth/AuthBootstrap";
import { Toaster } from "../ui/Toaster";
import { routes } from "./router";

function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  return (
    <BrowserRouter>
      <AuthBootstrap />
      <AppRoutes />
      <Toaster />
    </BrowserRouter>
  );
}
