import { lazy, type ReactNode } from "react";
import { type RouteObject } from "react-router-dom";
import { Redirect } from "./Redirect";
import { GuestOnly, RequireAuth, RequirePermission } from "../features/auth/components/Guards";
import { ApolloBoundary } from "./ApolloBoundary";
import { Layout } from "./Layout";

const HomePage = lazy(() => import("../features/home/pages/HomePage"));
const AboutPage = lazy(() => import("../features/legal/pages/AboutPage"));
const LegalPage = lazy(() => import("../features/legal/pages/LegalPage"));
const HealthPage = lazy(() => import("../features/system/pages/HealthPage"));
const DiagnosticsPage = lazy(() => import("../features/system/pages/DiagnosticsPage"));
const NotFoundPage = lazy(() => import("../features/system/pages/NotFoundPage"));
const AuthPage = lazy(() => import("../features/auth/pages/AuthPage"));
const AuthCheckPage = lazy(() => import("../features/auth/pages/AuthCheckPage"));
const DashboardPage = lazy(() => import("../features/dashboard/pages/DashboardPage"));
const SettingsPage = lazy(() => import("../features/settings/pages/SettingsPage"));
const OAuthInfoPage = lazy(() => import("../features/settings/pages/OAuthInfoPage"));
const ManagementPage = lazy(() => import("../features/management/pages/ManagementPage"));
const ManageVillagesPage = lazy(() => import("../features/curation/pages/ManageVillagesPage"));
const AdminHomePage = lazy(() => import("../features/admin/pages/AdminHomePage"));
const AdminRolesPage = lazy(() => import("../features/admin/pages/AdminRolesPage"));
const AdminOutboxPage = lazy(() => import("../features/admin/pages/AdminOutboxPage"));
const AdminHealthPage = lazy(() => import("../features/admin/pages/AdminHealthPage"));
const RootsPage = lazy(() => import("../features/people/pages/RootsPage"));
const CedarPage = lazy(() => import("../features/people/pages/CedarPage"));
const PersonPage = lazy(() => import("../features/people/pages/PersonPage"));
const VillagesPage = lazy(() => import("../features/villages/pages/VillagesPage"));
const VillagePage = lazy(() => import("../features/villages/pages/VillagePage"));
const RootHubsPage = lazy(() => import("../features/villages/pages/RootHubsPage"));
const SpreadsheetImportPage = lazy(() => import("../features/ingestion/pages/SpreadsheetImportPage"));
const GedcomImportPage = lazy(() => import("../features/ingestion/pages/GedcomImportPage"));
const GedcomExportPage = lazy(() => import("../features/ingestion/pages/GedcomExportPage"));

const data = (page: ReactNode) => <ApolloBoundary>{page}</ApolloBoundary>;
const member = (page: ReactNode) => <RequireAuth>{data(page)}</RequireAuth>;
const staff = (page: ReactNode) => <RequirePermission can="accessManagement">{data(page)}</RequirePermission>;
const admin = (page: ReactNode) => <RequirePermission can="accessAdmin">{data(page)}</RequirePermission>;

/**
 * The routing frame (spec §2). Areas add their routes here as they ship; anything
 * unknown shows the not-found page. Guards only show or hide: the server checks again.
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
      { path: "/diagnostics", element: data(<DiagnosticsPage />) },
      { path: "/villages", element: data(<VillagesPage />) },
      { path: "/libanpedia/:villageId", element: data(<VillagePage />) },
      { path: "/root-hubs", element: data(<RootHubsPage />) },
      { path: "/roots", element: member(<RootsPage />) },
      { path: "/roots/cedar", element: member(<CedarPage />) },
      { path: "/roots/import", element: member(<GedcomImportPage />) },
      { path: "/roots/export", element: member(<GedcomExportPage />) },
      { path: "/excel", element: data(<SpreadsheetImportPage />) },
      { path: "/family-tree", element: data(<RootsPage />) },
      { path: "/treebuilder", element: data(<RootsPage />) },
      { path: "/person/:personId", element: data(<PersonPage />) },
      { path: "/auth", element: <GuestOnly>{data(<AuthPage />)}</GuestOnly> },
      { path: "/auth-check", element: data(<AuthCheckPage />) },
      { path: "/dashboard", element: member(<DashboardPage />) },
      { path: "/settings", element: member(<SettingsPage />) },
      { path: "/settings/oauth-info", element: member(<OAuthInfoPage />) },
      { path: "/management", element: staff(<ManagementPage />) },
      { path: "/management/villages", element: member(<ManageVillagesPage />) },
      { path: "/management/*", element: staff(<NotFoundPage />) },
      { path: "/admin", element: admin(<AdminHomePage />) },
      { path: "/full/admin", element: <Redirect to="/admin" /> },
      { path: "/admin/roles", element: admin(<AdminRolesPage />) },
      { path: "/admin/outbox", element: admin(<AdminOutboxPage />) },
      { path: "/admin/health", element: admin(<AdminHealthPage />) },
      { path: "/admin/*", element: admin(<NotFoundPage />) },
      { path: "/village-hubs", element: <Redirect to="/root-hubs" /> },
      { path: "/congress", element: <Redirect to="/opinions" /> },
      { path: "/trees-registry", element: <Redirect to="/management/trees" /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];
