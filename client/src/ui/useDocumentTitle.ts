import { useContext, useEffect } from "react";
import { ServerPageContext } from "./serverPage";
import { useTranslation } from "react-i18next";

/**
 * Sets the tab's title in the reader's language: "زحلة — جذور", "Zahle — Roots". While a page
 * has no title yet (its record is loading) the title is left as it is, so a not-found page
 * shown inside it keeps its own. Follows a language switch.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  const { t, i18n } = useTranslation();
  const site = t("app.name");
  // Rendered on the server: no effect runs there, so the title is noted for the page's <title>.
  const server = useContext(ServerPageContext);
  if (server && title) server.title = t("app.page_title", { page: title, site, interpolation: { escapeValue: false } });
  useEffect(() => {
    if (title) document.title = t("app.page_title", { page: title, site, interpolation: { escapeValue: false } });
  }, [title, site, t, i18n.language]);
}
