import { useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../i18n";
import { formatNumber } from "../../../lib/format";
import { localized } from "../../../lib/localized";
import { ItemActions } from "../../../ui/ItemActions";
import { useDeleteFamilyMutation, useHubFamiliesQuery } from "../generated";
import { FamilyForm, type HubFamily } from "./FamilyForm";
import { HubSection } from "./HubSection";
import { EmptyState } from "../../../ui/EmptyState";
import { HubMembers } from "./HubMembers";

function FamilyItem({ family, villageId, onChanged }: { family: HubFamily; villageId: string; onChanged: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [editing, setEditing] = useState(false);
  const [remove] = useDeleteFamilyMutation();
  const name = localized(lang, family.familyName, family.familyNameAr, family.familyNameFr);
  // The other scripts' names, so a reader finds the family however they spell it.
  const others = [family.familyName, family.familyNameAr, family.familyNameFr].filter(
    (n, i, all): n is string => !!n && n !== name && all.indexOf(n) === i,
  );
  const notes = localized(lang, family.notes, family.notesAr, family.notesFr);
  if (editing) {
    return (
      <li className="hub-item">
        <FamilyForm
          villageId={villageId}
          family={family}
          onCancel={() => setEditing(false)}
          onDone={async () => {
            setEditing(false);
            await onChanged();
          }}
        />
      </li>
    );
  }
  return (
    <li className="hub-item hub-item--actions" data-testid="family-item">
      <div className="hub-item__body">
        <strong>
          <bdi>{name}</bdi>
        </strong>
        {others.length > 0 && (
          <span className="hub-item__meta">
            {others.map((n) => (
              <bdi key={n} className="muted">
                {n}
              </bdi>
            ))}
          </span>
        )}
        {notes && (
          <p>
            <bdi>{notes}</bdi>
          </p>
        )}
      </div>
      {family.viewerCan.edit && (
        <ItemActions
          name={name}
          question={t("hub.confirm_delete_family", { name })}
          onEdit={() => setEditing(true)}
          onDelete={async () => {
            await remove({ variables: { id: family.id } });
            await onChanged();
          }}
        />
      )}
    </li>
  );
}

/**
 * Families (clans) of the village and those its people belong to: members add them; their creators,
 * editors and admins change or delete them. Below, the members from the village who chose to be listed.
 */
export function HubFamilies({ villageId }: { villageId: string }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { data, refetch } = useHubFamiliesQuery({ variables: { villageId }, fetchPolicy: "cache-and-network" });
  const families = data?.families.edges ?? [];
  return (
    <HubSection
      title={t("hub.families")}
      addLabel={t("hub.add_family")}
      testId="hub-families"
      form={(close) => (
        <FamilyForm
          villageId={villageId}
          onDone={async () => {
            close();
            await refetch();
          }}
        />
      )}
    >
      {families.length === 0 ? (
        <EmptyState title={t("hub.no_families")} />
      ) : (
        <ul className="hub-list">
          {families.map(({ node }) => (
            <FamilyItem key={node.id} family={node} villageId={villageId} onChanged={refetch} />
          ))}
        </ul>
      )}
      {data && data.families.totalCount > families.length && (
        <p className="muted">
          {t("hub.families_shown", { shown: formatNumber(families.length, lang), total: formatNumber(data.families.totalCount, lang) })}
        </p>
      )}
      <HubMembers villageId={villageId} />
    </HubSection>
  );
}
