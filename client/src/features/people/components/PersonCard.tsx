import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import type { PersonSummaryFragment } from "../../../gql/graphql";
import { Avatar } from "../../../ui/Avatar";
import { Badge, type BadgeTone } from "../../../ui/Badge";
import { LtrValue } from "../../../ui/BidiText";
import { lower } from "../../../i18n/typed";
import { yearsOf } from "../chart/treeData";

/** The confidence band's colour, as the charts draw it: green from 90 %, gold from 70 %, orange below. */
const BAND = (c: number): BadgeTone => (c >= 0.9 ? "green" : c >= 0.7 ? "gold" : "orange");

/** A person in a list or chart: initials, name (bidi-isolated), years, and the record's provenance. */
export function PersonCard({ person }: { person: PersonSummaryFragment }) {
  const { t } = useTranslation();
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
            <Badge tone={BAND(person.confidence ?? 0)}>
              {t(`provenance.${lower(person.provenance)}`)} · {Math.round((person.confidence ?? 0) * 100)}%
            </Badge>
          </span>
        )}
      </span>
    </Link>
  );
}
