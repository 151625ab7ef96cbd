import { useTranslation } from "react-i18next";
import { currentLanguage } from "../i18n";
import { formatNumber } from "../lib/format";
import { pageWindow } from "./pages";
import "./pagination.css";

/**
 * Numbered pages with previous and next: the current page is marked for screen readers
 * (aria-current), the arrows point the way the reader reads, and each button says which page it opens.
 */
export function Pagination({
  page,
  pageCount,
  onPage,
  label,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  label?: string;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  if (pageCount <= 1) return null;
  const n = (p: number) => formatNumber(p, lang);
  return (
    <nav className="pagination" aria-label={label ?? t("pagination.label")}>
      <button type="button" className="pagination__step" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        <span className="pagination__arrow pagination__arrow--prev" aria-hidden="true">
          ‹
        </span>{" "}
        {t("pagination.previous")}
      </button>
      <ol className="pagination__pages">
        {pageWindow(page, pageCount).map((p, i) =>
          p === "gap" ? (
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <button
                type="button"
                className="pagination__page"
                aria-current={p === page ? "page" : undefined}
                aria-label={t("pagination.page", { page: n(p) })}
                onClick={() => p !== page && onPage(p)}
              >
                {n(p)}
              </button>
            </li>
          ),
        )}
      </ol>
      <button type="button" className="pagination__step" onClick={() => onPage(page + 1)} disabled={page >= pageCount}>
        {t("pagination.next")}{" "}
        <span className="pagination__arrow pagination__arrow--next" aria-hidden="true">
          ›
        </span>
      </button>
    </nav>
  );
}
