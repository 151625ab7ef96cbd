import { lazy, useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { ApolloBoundary } from "../../../app/ApolloBoundary";
import { useDebouncedValue } from "../../../lib/useDebouncedValue";

const HomeSearchResults = lazy(() => import("./HomeSearchResults"));

/**
 * The home page's one search box (villages, families, people). The box paints with the page;
 * its results, and the GraphQL client they need, load when the reader types.
 * Enter opens the villages page with the same search.
 */
export function HomeSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState("");
  const q = useDebouncedValue(text.trim(), 250);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim()) navigate(`/villages?q=${encodeURIComponent(text.trim())}`);
  };
  return (
    <div className="home-search">
      <form onSubmit={submit} role="search">
        <label htmlFor={id} className="home-search__label">
          {t("home.search_label")}
        </label>
        <input
          id={id}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t("home.search_placeholder")}
          dir="auto"
          autoComplete="off"
          aria-describedby={q.length >= 2 ? `${id}-results` : undefined}
        />
      </form>
      {q.length >= 2 && (
        <ApolloBoundary fallback={null}>
          <HomeSearchResults q={q} id={`${id}-results`} />
        </ApolloBoundary>
      )}
    </div>
  );
}
