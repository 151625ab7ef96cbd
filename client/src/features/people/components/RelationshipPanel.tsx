import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { currentLanguage } from "../../../i18n";
import { Field } from "../../../ui/Field";
import { lower } from "../../../i18n/typed";
import { useRelationshipQuery, useSearchPeopleQuery, useViewerPersonQuery } from "../generated";

/** First-strong isolation, so a name in the other script does not reorder the sentence around it. */
const isolate = (name: string) => `\u2068${name}\u2069`;

interface Chosen {
  id: string;
  displayName: string;
}

/**
 * "How are we related?": the relationship of this page's person to someone else — by
 * default the viewer's own person — named in the reader's language, with the path of
 * names between them (each name bidi-isolated, so Arabic and Latin mix in either direction).
 * The name comes in all three languages, so switching language needs no new request.
 */
export function RelationshipPanel({ person }: { person: Chosen }) {
  const { t } = useTranslation();
  const viewer = useViewerPersonQuery({ fetchPolicy: "cache-first" }).data?.viewerPerson ?? null;
  const [picked, setPicked] = useState<Chosen | null>(null);
  const [search, setSearch] = useState("");
  const other = picked ?? (viewer && viewer.id !== person.id ? viewer : null);
  const found = useSearchPeopleQuery({ variables: { search: search.trim() }, skip: search.trim().length < 2 });
  const rel = useRelationshipQuery({ variables: { a: other?.id ?? "", b: person.id }, skip: !other });
  const r = rel.data?.relationship;
  const results = (found.data?.people.edges ?? []).map((e) => e.node).filter((n) => n.id !== person.id);
  return (
    <section className="card relationship" aria-labelledby="relationship-h" data-testid="relationship-panel">
      <h2 id="relationship-h">{t("relationship.title")}</h2>
      <Field label={t("relationship.search")} value={search} onChange={(e) => setSearch(e.target.value)} dir="auto" type="search" />
      {results.length > 0 && (
        <ul className="relationship__results">
          {results.map((n) => (
            <li key={n.id}>
              <button
                type="button"
                className="tab"
                onClick={() => {
                  setPicked(n);
                  setSearch("");
                }}
              >
                <bdi>{n.displayName}</bdi>
                {n.birth?.year ? (
                  <span className="muted" dir="ltr">
                    {" "}
                    {n.birth.year}
                  </span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      )}
      {!other && <p className="muted">{t("relationship.choose")}</p>}
      {other && r && (
        <div aria-live="polite">
          <p className="muted">{t("relationship.between", { a: isolate(other.displayName), b: isolate(person.displayName) })}</p>
          <p className="relationship__name" data-testid="relationship-name">
            {r.related ? r.names[currentLanguage()] : t("relationship.not_related")}
          </p>
          {r.related && r.path.length > 1 && (
            <ol className="relationship__path" aria-label={t("relationship.path")}>
              {r.path.map((p, i) => (
                <li key={`${p.id}-${i}`}>
                  {i > 0 && <span className="relationship__step">{t(`relationship.step_${lower(r.steps[i - 1])}`)}</span>}
                  <Link to={`/person/${p.id}`} className={p.isPrivate ? "muted" : undefined}>
                    <bdi>{p.displayName}</bdi>
                  </Link>
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </section>
  );
}
