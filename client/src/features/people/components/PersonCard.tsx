import { Link } from "react-router-dom";
import type { PersonSummaryFragment } from "../../../gql/graphql";
import { Avatar } from "../../../ui/Avatar";
import { ProvenanceBadge } from "../../../ui/Badge";
import { LtrValue } from "../../../ui/BidiText";
import { showsConfidence, yearsOf } from "../chart/treeData";

/** A person in a list or chart: initials, name (bidi-isolated), years, and the record's provenance. */
export function PersonCard({ person }: { person: PersonSummaryFragment }) {
  // As the charts show them: "~1870–1941" for a birth "about 1870".
  const years = yearsOf(person);
  return (
    <Link to={`/person/${person.id}`} className={`person-card${person.isPrivate ? " person-card--private" : ""}`} data-testid="person-card">
      <Avatar name={person.isPrivate ? "" : person.displayName} size="sm" photo={person.portrait?.image?.thumb} />
      <span className="person-card__text">
        <strong>
          <bdi>{person.displayName}</bdi>
        </strong>
        {!person.isPrivate && person.fullNameAr && person.fullNameAr !== person.displayName && (
          <span className="muted" lang="ar">
            <bdi>{person.fullNameAr}</bdi>
          </span>
        )}
        {years && (
          <span className="muted">
            <LtrValue>{years}</LtrValue>
          </span>
        )}
        {person.provenance && (
          <span>
            <ProvenanceBadge provenance={person.provenance} />
            {showsConfidence(person) && <span className="muted"> {Math.round((person.confidence ?? 0) * 100)}%</span>}
          </span>
        )}
      </span>
    </Link>
  );
}
