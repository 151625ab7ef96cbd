import { lazy, Suspense, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../ui/Spinner";
import { useFirstScreen } from "./first-screen/context";

const ApolloRoot = lazy(() => import("./apollo-root"));

/**
 * Wraps anything that reads GraphQL data. Apollo Client is fetched the first time such
 * a part renders, so the landing page paints before it arrives (and stays under its
 * 150 KB initial-JavaScript budget). `fallback={null}` shows nothing meanwhile; without one, a spinner.
 */
export function ApolloBoundary({ children, fallback }: { children: ReactNode; fallback?: ReactNode }) {
  const { t } = useTranslation();
  const placeholder = fallback === undefined ? <Spinner label={t("common.loading_page")} /> : fallback;
  if (useFirstScreen()) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <ApolloRoot>{children}</ApolloRoot>
    </Suspense>
  );
}
