import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import type { PersonSummaryFragment, PersonUnionFragment } from "../../../gql/graphql";
import { ConfirmAction } from "../../../ui/ConfirmAction";
import { ItemActions } from "../../../ui/ItemActions";
import { RelativeDialog } from "../chart/RelativeDialog";
import { useDeleteUnionMutation, useRemoveParentMutation } from "../generated";
import { UnionForm } from "./UnionForm";
import { yearsOf } from "../chart/treeData";
import { DateText } from "../../../ui/DateText";
import { Button } from "../../../ui/Button";
import { Badge } from "../../../ui/Badge";

type Linked = PersonSummaryFragment & { viewerCan: { edit: boolean } };
type Subject = Linked & { unions: PersonUnionFragment[]; parentGenders: string[] };

/** Birth and death years with their qualifiers ("~1905–1970"), left to right in every language (numbers). */
function Years({ p }: { p: PersonSummaryFragment }) {
  const years = yearsOf(p);
  if (!years) return null;
  return (
    <span className="muted" dir="ltr" data-testid="parent-years">
      {years}
    </span>
  );
}

const NameLink = ({ p }: { p: PersonSummaryFragment }) => (
  <Link to={`/person/${p.id}`} className={p.isPrivate ? "muted" : undefined}>
    <bdi>{p.displayName}</bdi>
  </Link>
);

function UnionItem({ person, union, onChanged }: { person: Subject; union: PersonUnionFragment; onChanged: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [remove] = useDeleteUnionMutation();
  const partner = union.partner;
  const can = person.viewerCan.edit && partner.viewerCan.edit;
  return (
    <li className="link-item" data-testid="union-item">
      <div className="link-item__main">
        <Badge>{t(`people.union_kind.${union.kind}`, { defaultValue: union.kind })}</Badge>
        <span>
          {t("people.union_with")} <NameLink p={partner} />
        </span>
        {union.start && (
          <span data-testid="union-date">
            <DateText text={union.start.text} />
          </span>
        )}
        {union.place && <bdi>{union.place}</bdi>}
      </div>
      {editing ? (
        <UnionForm
          union={union}
          onCancel={() => setEditing(false)}
          onSaved={async () => {
            setEditing(false);
            await onChanged();
          }}
        />
      ) : (
        can && (
          <ItemActions
            name={`${t(`people.union_kind.${union.kind}`, { defaultValue: union.kind })} – ${partner.displayName}`}
            question={t("people.confirm_delete_union", { partner: partner.displayName })}
            onEdit={() => setEditing(true)}
            onDelete={async () => {
              await remove({ variables: { id: union.id } });
              await onChanged();
            }}
          />
        )
      )}
    </li>
  );
}

/**
 * "Parents and partners" on the person page: the parents (with "Remove link") and the
 * unions (with "Edit" and "Delete"), each offered only when the viewer may edit both people;
 * editors of the person can also add a spouse or partner. `onChanged` refreshes the page.
 */
export function PersonLinks({ person, parents, onChanged }: { person: Subject; parents: Linked[]; onChanged: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [removeParent] = useRemoveParentMutation();
  const [adding, setAdding] = useState(false);
  return (
    <section className="card person-links" aria-labelledby="links-h" data-testid="person-links">
      <div className="hub-section__head">
        <h2 id="links-h">{t("people.links_title")}</h2>
        {person.viewerCan.edit && (
          <Button type="button" onClick={() => setAdding(true)}>
            {t("people.add_partner")}
          </Button>
        )}
      </div>
      <h3>{t("people.parents")}</h3>
      {parents.length === 0 ? (
        <p className="muted">{t("people.no_parents")}</p>
      ) : (
        <ul className="link-list" data-testid="parent-list">
          {parents.map((p) => (
            <li key={p.id} className="link-item" data-testid="parent-item">
              <div className="link-item__main">
                <NameLink p={p} />
                <Years p={p} />
              </div>
              {person.viewerCan.edit && p.viewerCan.edit && (
                <div className="item-actions">
                  <ConfirmAction
                    label={t("people.remove_link")}
                    ariaLabel={t("people.remove_link_named", { name: p.displayName })}
                    question={t("people.confirm_remove_parent", { parent: p.displayName, child: person.displayName })}
                    confirmLabel={t("common.yes_remove")}
                    onConfirm={async () => {
                      await removeParent({ variables: { childId: person.id, parentId: p.id } });
                      await onChanged();
                    }}
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <h3>{t("people.partners")}</h3>
      {person.unions.length === 0 ? (
        <p className="muted">{t("people.no_unions")}</p>
      ) : (
        <ul className="link-list" data-testid="union-list">
          {person.unions.map((u) => (
            <UnionItem key={u.id} person={person} union={u} onChanged={onChanged} />
          ))}
        </ul>
      )}
      {adding && (
        <RelativeDialog
          mode={{ type: "add", relation: "spouse" }}
          person={person}
          onClose={() => setAdding(false)}
          onDone={async () => {
            setAdding(false);
            await onChanged();
          }}
        />
      )}
    </section>
  );
}
