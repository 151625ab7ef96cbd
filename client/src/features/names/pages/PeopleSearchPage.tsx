import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import { lower } from "../../../i18n/typed";
import { Badge, type BadgeTone } from "../../../ui/Badge";
import { Button } from "../../../ui/Button";
import { EmptyState } from "../../../ui/EmptyState";
import { Skeleton } from "../../../ui/Skeleton";
import { TextInput } from "../../../ui/TextInput";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import type { PeopleByNameQuery } from "../../../gql/graphql";
import { usePeopleByNameQuery } from "../generated";
import "../names.css";
import { appendPage } from "../../../lib/pagination";

type Edge = PeopleByNameQuery["people"]["edges"][number];

const TONE: Record<string, BadgeTone> = { EXACT: "green", PHONETIC: "primary", VARIANT: "gold", TYPO: "neutral" };

/** Why a person matched: the kind, each searched word with the word of the name it matched and how, and the stored name that matched (when another than the one shown). */
function MatchExplanation({ match, shown }: { match: NonNullable<Edge["match"]>; shown: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="name-match" data-testid="name-match">
      <Badge tone={TONE[match.kind] ?? "neutral"}>{t(`names.kind_${lower(match.kind)}`)}</Badge>
      {match.via.length > 0 && (
        <ul className="name-match__via" aria-label={t("names.matched_via")}>
          {match.via.map((v) => (
            <li key={`${v.searched}-${v.matched}`} data-reason={v.reason}>
              {t(`names.via_${lower(v.reason)}`)}
              {t("common.colon")} <bdi>{v.searched}</bdi> ↔ <bdi>{v.matched}</bdi>
            </li>
          ))}
        </ul>
      )}
      {match.kind !== "EXACT" && match.matchedVariant !== shown && (
        <span className="muted">
          {" "}
          {t("names.matched_as")} <bdi>{match.matchedVariant}</bdi>
        </span>
      )}
    </div>
  );
}

/** /people: find a person by a name in any language, script or spelling; each result says how it matched. */
export default function PeopleSearchPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("names.search_title"));
  const [params, setParams] = useSearchParams();
  const q = params.get("q")?.trim() ?? "";
  const [text, setText] = useState(q);
  const { data, loading, error, fetchMore } = usePeopleByNameQuery({ variables: { search: q, first: 20 }, skip: !q });
  const page = data?.people;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setParams(text.trim() ? { q: text.trim() } : {}, { replace: true });
  };
  return (
    <section className="page names-search">
      <h1>{t("names.search_title")}</h1>
      <form className="names-search__form" role="search" onSubmit={submit}>
        <TextInput
          label={t("names.search_label")}
          hint={t("names.search_hint")}
          type="search"
          name="q"
          dir="auto"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Button variant="primary" type="submit">
          {t("names.search_button")}
        </Button>
      </form>
      {loading && <Skeleton label={t("common.loading")} />}
      {error && <p role="alert">{t("errors.network")}</p>}
      {page && (
        <p className="muted" role="status">
          {t("names.results_count", { count: page.totalCount })}
        </p>
      )}
      {page && page.edges.length === 0 && <EmptyState title={t("names.no_results")} />}
      {page && page.edges.length > 0 && (
        <ul className="names-results" data-testid="people-results">
          {page.edges.map((e) => (
            <li key={e.node.id} className="card names-results__item">
              <Link to={`/person/${e.node.id}`} className="names-results__name">
                <bdi>{e.node.displayName}</bdi>
              </Link>
              {e.node.birth?.year != null && <span className="muted"> · {t("names.born", { year: e.node.birth.year })}</span>}
              {e.match && <MatchExplanation match={e.match} shown={e.node.displayName} />}
            </li>
          ))}
        </ul>
      )}
      {page?.pageInfo.hasNextPage && (
        <Button
          onClick={() =>
            void fetchMore({
              variables: { after: page.pageInfo.endCursor },
              updateQuery: appendPage("people"),
            })
          }
        >
          {t("admin.more")}
        </Button>
      )}
    </section>
  );
}
