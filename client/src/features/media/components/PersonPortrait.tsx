import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { MediaFieldsFragment } from "../../../gql/graphql";
import { Avatar } from "../../../ui/Avatar";
import { Button } from "../../../ui/Button";
import { ConfirmAction } from "../../../ui/ConfirmAction";
import { Picture } from "../../../ui/Picture";
import { useDeleteMediaMutation } from "../generated";
import { MediaUploadDialog } from "./MediaUploadDialog";

/**
 * A person's portrait on their page (their initials until there is one), drawn from the page's
 * own data so nothing moves when it loads; for whoever may change the person, add, change or
 * remove it. The page leaves it out for a Private person.
 */
export function PersonPortrait({
  personId,
  name,
  portrait,
  canEdit,
  onChanged,
}: {
  personId: string;
  name: string;
  portrait: MediaFieldsFragment | null;
  canEdit: boolean;
  onChanged: () => unknown;
}) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const [remove] = useDeleteMediaMutation();
  return (
    <div className="person-portrait" data-testid="person-portrait">
      {portrait?.image ? (
        <Picture image={portrait.image} alt={t("media.portrait_of", { name })} sizes="160px" eager className="person-portrait__picture" />
      ) : (
        <Avatar name={name} size="xl" />
      )}
      {canEdit && (
        <div className="person-portrait__actions">
          <Button size="sm" onClick={() => setAdding(true)}>
            {t(portrait ? "media.change_portrait" : "media.add_portrait")}
          </Button>
          {portrait?.viewerCan.delete && (
            <ConfirmAction
              label={t("media.remove_portrait")}
              question={t("media.delete_question")}
              confirmLabel={t("common.delete")}
              onConfirm={() => remove({ variables: { id: portrait.id } }).then(onChanged)}
            />
          )}
        </div>
      )}
      {adding && (
        <MediaUploadDialog
          target={personId}
          kind="portrait"
          title={t("media.add_portrait")}
          onClose={() => setAdding(false)}
          onDone={() => {
            setAdding(false);
            void onChanged();
          }}
        />
      )}
    </div>
  );
}
