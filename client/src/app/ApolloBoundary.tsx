import { lazy, Suspense, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router-dom";
import { Spinner } from "../ui/Spinner";
import { useFirstScreen } from "./first-screen/context";
import { renderedNotFound } from "./first-screen/server-data";

const ApolloRoot = lazy(() => import("./apollo-root"));
const NotFoundPage = lazy(() => import("../ui/NotFound"));

/**
 * Wraps anything that reads GraphQL data. Apollo Client is fetched the first time such
 * a part renders, so the landing page paints before it arrives (and stays under its
 * 150 KB initial-JavaScript budget). `fallback={null}` shows nothing meanwhile; without one, a spinner.
 * `route`: it holds a route's page, which shows the not-found page where the server rendered one.
 */
export function ApolloBoundary({ children, fallback, route = false }: { children: ReactNode; fallback?: ReactNode; route?: boolean }) {
  const { t } = useTranslation();
  const placeholder = fallback === undefined ? <Spinner label={t("common.loading_page")} /> : fallback;
  const { pathname, search } = useLocation();
  if (useFirstScreen()) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      {/* The address the server rendered as not found (sent as 404): the same page, as it is. */}
      {route && renderedNotFound(pathname + search) ? <NotFoundPage /> : <ApolloRoot>{children}</ApolloRoot>}
    </Suspense>
  );
}
