import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router-dom";
import { useAuth } from "../../../app/auth/useAuth";
import { currentLanguage } from "../../../i18n";
import { localized } from "../../../lib/localized";
import { useDebouncedValue } from "../../../lib/useDebouncedValue";
import { ButtonLink } from "../../../ui/Button";
import { LoadFailed } from "../../../ui/LoadFailed";
import NotFoundPage from "../../../ui/NotFound";
import { Spinner } from "../../../ui/Spinner";
import { TextInput } from "../../../ui/TextInput";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { directionOf } from "../components/ArticleBody";
import { WatchButton } from "../components/WatchButton";
import { useRootpediaHomeQuery, useRootpediaSearchQuery } from "../generated";
import "../rootpedia.css";

/** A village's encyclopedia: its articles (one per translation, in the reader's language when there is one), search, and a new article. */
export default function RootpediaHomePage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { slug = "" } = useParams();
  const signedIn = useAuth().status === "signedIn";
  const { data, loading, error, refetch } = useRootpediaHomeQuery({ variables: { slug } });
  const [query, setQuery] = useState("");
  const q = useDebouncedValue(query.trim(), 250);
  const search = useRootpediaSearchQuery({ variables: { query: q, slug }, skip: q.length < 2 });
  const v = data?.village;
  useDocumentTitle(v ? t("rootpedia.title_of", { village: localized(lang, v.name, v.nameAr, v.nameFr) }) : null);
  if (loading && !data) return <Spinner label={t("common.loading")} />;
  if (error && !data) return <LoadFailed error={error} onRetry={refetch} />;
  if (!v) return <NotFoundPage />;
  const name = localized(lang, v.name, v.nameAr, v.nameFr);
  // One entry per article: the reader's language version, else the first written.
  const seen = new Set<string>();
  const shown = data!.rootpediaArticles.filter((a) => {
    const group = [a.id, ...a.translations.map((x) => x.id)].sort().join();
    const own = a.language === lang || !a.translations.some((x) => x.language === lang);
    if (seen.has(group) || !own) return false;
    seen.add(group);
    return true;
  });
  return (
    <article className="page rootpedia">
      <Link className="back-link" to={`/libanpedia/${v.slug}`}>
        {t("rootpedia.back_to_village", { village: name })}
      </Link>
      <h1>{t("rootpedia.title_of", { village: name })}</h1>
      <div className="rootpedia__actions">
        {signedIn && (
          <>
            <ButtonLink variant="primary" to={`/root/${v.slug}/rootpedia/new`}>
              {t("rootpedia.new_article")}
            </ButtonLink>
            <ButtonLink to={`/root/${v.slug}/rootpedia/propose`}>{t("ballots.article.propose")}</ButtonLink>
            <WatchButton slug={v.slug} watching={false} />
          </>
        )}
      </div>
      <TextInput label={t("rootpedia.search")} type="search" value={query} onChange={(e) => setQuery(e.target.value)} dir="auto" />
      {q.length >= 2 && (
        <ul className="rootpedia-hits" data-testid="rootpedia-hits">
          {(search.data?.rootpediaSearch ?? []).map((h) => (
            <li key={h.article.id}>
              <Link to={`/root/${v.slug}/rootpedia/article/${h.article.id}`}>
                <bdi>{h.article.title}</bdi>
              </Link>
              <p className="muted" lang={h.article.language} dir={directionOf(h.article.language)}>
                {h.snippet.map((s, i) => (s.match ? <mark key={i}>{s.text}</mark> : <span key={i}>{s.text}</span>))}
              </p>
            </li>
          ))}
          {search.data && search.data.rootpediaSearch.length === 0 && <li className="muted">{t("rootpedia.no_results")}</li>}
        </ul>
      )}
      <ul className="rootpedia-list" data-testid="rootpedia-articles">
        {shown.map((a) => (
          <li key={a.id} className="card">
            <Link to={`/root/${v.slug}/rootpedia/article/${a.id}`} lang={a.language}>
              <bdi>{a.title}</bdi>
            </Link>
            <span className="muted">
              {" "}
              · {[a.language, ...a.translations.map((x) => x.language)].map((l) => l.toUpperCase()).join(" · ")}
              {a.isOutline && ` · ${t("rootpedia.outline")}`}
              {a.pending && ` · ${t("rootpedia.edit_waiting")}`}
            </span>
          </li>
        ))}
      </ul>
    </article>
  );
}
