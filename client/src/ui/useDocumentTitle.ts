import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/**
 * Sets the tab's title in the reader's language: "زحلة — جذور", "Zahle — Roots"; the site's
 * name alone when the page has no title yet (still loading). Follows a language switch.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  const { t, i18n } = useTranslation();
  const site = t("app.name");
  useEffect(() => {
    document.title = title ? t("app.page_title", { page: title, site, interpolation: { escapeValue: false } }) : site;
  }, [title, site, t, i18n.language]);
}
