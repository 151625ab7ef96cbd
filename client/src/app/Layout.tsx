import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, Outlet, useLocation } from "react-router-dom";
import { BrandMark } from "../ui/BrandMark";
import { Spinner } from "../ui/Spinner";
import { AccountMenu, MemberWidgets } from "./AccountMenu";
import { ErrorBoundary } from "./ErrorBoundary";
import { useFeatureFlags } from "./flags";
import { useHeaderMenu } from "./header-menu";
import { DigitsSwitcher } from "./DigitsSwitcher";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { FOOTER_LINKS, NAV_ITEMS } from "./navigation";

/** The frame of every page: header with navigation and language, content, footer. */
export function Layout() {
  const { t } = useTranslation();
  const location = useLocation();
  const on = useFeatureFlags();
  const menu = useHeaderMenu();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t("app.skip_to_content")}
      </a>
      {/* On a phone the header is one row (the brand, search, the member's bell, the menu button);
          the menu button opens the links, the language and Sign out as a sheet under it. */}
      <header className="header" ref={menu.header} data-menu={menu.open ? "open" : undefined}>
        <Link to="/" className="brand">
          <BrandMark />
          <span>
            <strong>{t("app.name")}</strong>
            <small>{t("app.tagline")}</small>
          </span>
        </Link>
        <div className="header__quick">
          <Link to="/people" className="header__icon" aria-label={t("nav.search")} title={t("nav.search")}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </Link>
          <MemberWidgets />
          <button
            type="button"
            className="header__icon header__menu-button"
            data-testid="header-menu-button"
            aria-expanded={menu.open}
            aria-controls="header-menu"
            aria-label={t("nav.menu")}
            onClick={menu.toggle}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              {menu.open ? (
                <path d="m6 6 12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              ) : (
                <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              )}
            </svg>
          </button>
        </div>
        <div className="header__menu" id="header-menu">
          <nav aria-label={t("nav.label")} className="nav">
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
        <DigitsSwitcher />
      </footer>
    </div>
  );
}
