import { lazy } from "react";
import { Navigate, type RouteObject } from "react-router-dom";
import { ApolloBoundary } from "./ApolloBoundary";
import { Layout } from "./Layout";

const HomePage = lazy(() => import("../features/home/pages/HomePage"));
const AboutPage = lazy(() => import("../features/legal/pages/AboutPage"));
const LegalPage = lazy(() => import("../features/legal/pages/LegalPage"));
const HealthPage = lazy(() => import("../features/system/pages/HealthPage"));
const DiagnosticsPage = lazy(() => import("../features/system/pages/DiagnosticsPage"));
const NotFoundPage = lazy(() => import("../features/system/pages/NotFoundPage"));

/**
 * The routing frame (spec §2). Areas add their routes here as they ship; anything
 * unknown shows the not-found page.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: "/", element: <HomePage /> },
      { path: "/full", element: <HomePage /> },
      { path: "/about", element: <AboutPage /> },
      { path: "/privacy", element: <LegalPage page="privacy" /> },
      { path: "/terms", element: <LegalPage page="terms" /> },
      { path: "/cookies", element: <LegalPage page="cookies" /> },
      { path: "/health", element: <HealthPage /> },
      { path: "/diagnostics", element: <ApolloBoundary><DiagnosticsPage /></ApolloBoundary> },
      { path: "/village-hubs", element: <Navigate to="/root-hubs" replace /> },
      { path: "/congress", element: <Navigate to="/opinions" replace /> },
      { path: "/trees-registry", element: <Navigate to="/management/trees" replace /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];
