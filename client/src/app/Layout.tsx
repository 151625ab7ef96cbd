import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, Outlet, useLocation } from "react-router-dom";
import { BrandMark } from "../ui/BrandMark";
import { Spinner } from "../ui/Spinner";
import { AccountMenu } from "./AccountMenu";
import { ErrorBoundary } from "./ErrorBoundary";
import { useFeatureFlags } from "./flags";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { useScrolledLine } from "./scrolled-line";
import { FOOTER_LINKS, NAV_ITEMS } from "./navigation";

/** The frame of every page: header with navigation and language, content, footer. */
export function Layout() {
  const { t } = useTranslation();
  const location = useLocation();
  const on = useFeatureFlags();
  const siteLinks = useScrolledLine<HTMLElement>();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t("app.skip_to_content")}
      </a>
      <header className="header">
        <Link to="/" className="brand">
          <BrandMark />
          <span>
            <strong>{t("app.name")}</strong>
            <small>{t("app.tagline")}</small>
          </span>
        </Link>
        <nav aria-label={t("nav.label")} className="nav scroll-line" ref={siteLinks}>
          {NAV_ITEMS.filter((item) => on(...item.flags)).map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end}>
              {t(item.labelKey)}
            </NavLink>
          ))}
        </nav>
        <div className="header__end">
          <AccountMenu />
          <LanguageSwitcher />
        </div>
      </header>
      <main id="main" className="main">
        <ErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<Spinner label={t("common.loading_page")} />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <footer className="footer">
        <p>{t("footer.rights")}</p>
        <nav aria-label={t("footer.legal")}>
          {FOOTER_LINKS.filter((l) => on(...l.flags)).map((l) => (
            <Link key={l.to} to={l.to}>
              {t(l.labelKey)}
            </Link>
          ))}
        </nav>
      </footer>
    </div>
  );
}
