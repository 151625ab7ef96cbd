import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import type { ChartPersonFragment } from "../../../gql/graphql";
import type { DialogMode } from "./RelativeDialog";
import { offeredRelations } from "./useTreeActions";

/** What can be done with the chosen card: add relatives, edit, link a record, open, re-centre. */
export function CardActions({
  person,
  isRoot,
  onOpen,
  onRecentre,
}: {
  person: ChartPersonFragment;
  isRoot: boolean;
  onOpen: (mode: DialogMode) => void;
  onRecentre: () => void;
}) {
  const { t } = useTranslation();
  const can = person.viewerCan.edit;
  return (
    <div
      className="card-actions"
      role="toolbar"
      aria-label={t("chart.actions_for", { name: person.displayName })}
      data-testid="card-actions"
    >
      <strong className="card-actions__name">
        <bdi>{person.displayName}</bdi>
      </strong>
      {can &&
        offeredRelations(person.parentGenders).map((r) => (
          <button key={r} type="button" className="button" onClick={() => onOpen({ type: "add", relation: r })}>
            {t(`chart.add_${r}`)}
          </button>
        ))}
      {can && (
        <button type="button" className="button" onClick={() => onOpen({ type: "edit" })}>
          {t("chart.edit")}
        </button>
      )}
      {can && (
        <button type="button" className="button" onClick={() => onOpen({ type: "link" })}>
          {t("chart.link_existing")}
        </button>
      )}
      {!isRoot && (
        <button type="button" className="button" onClick={onRecentre}>
          {t("chart.recentre")}
        </button>
      )}
      <Link className="button" to={`/person/${person.id}`}>
        {t("chart.open_person")}
      </Link>
    </div>
  );
}
