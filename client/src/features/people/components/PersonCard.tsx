import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import type { PersonSummaryFragment } from "../../../gql/graphql";
import { yearsOf } from "../chart/treeData";

const BAND = (c: number) => (c >= 0.9 ? "green" : c >= 0.7 ? "yellow" : "orange");

/** A person in a list or chart: name (bidi-isolated), years, and the record's provenance. */
export function PersonCard({ person }: { person: PersonSummaryFragment }) {
  const { t } = useTranslation();
  // As the charts show them: "~1870–1941" for a birth "about 1870".
  const years = yearsOf(person);
  return (
    <Link to={`/person/${person.id}`} className={`person-card${person.isPrivate ? " person-card--private" : ""}`} data-testid="person-card">
      <strong><bdi>{person.displayName}</bdi></strong>
      {!person.isPrivate && person.fullNameAr && person.fullNameAr !== person.displayName && (
        <span className="muted" lang="ar"><bdi>{person.fullNameAr}</bdi></span>
      )}
      {years && <span className="muted" dir="ltr">{years}</span>}
      {person.provenance && (
        <span className={`provenance-badge provenance-badge--${person.provenance.toLowerCase()} band-${BAND(person.confidence ?? 0)}`}>
          {t(`provenance.${person.provenance.toLowerCase()}`)} · {Math.round((person.confidence ?? 0) * 100)}%
        </span>
      )}
    </Link>
  );
}
