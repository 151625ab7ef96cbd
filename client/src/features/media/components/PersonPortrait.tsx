import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../../ui/Avatar";
import { Button } from "../../../ui/Button";
import { ConfirmAction } from "../../../ui/ConfirmAction";
import { Picture } from "../../../ui/Picture";
import { useDeleteMediaMutation, usePersonMediaQuery } from "../generated";
import { MediaUploadDialog } from "./MediaUploadDialog";

/**
 * A person's portrait on their page (their initials until there is one), and for whoever may
 * change the person: add, change or remove it. A Private person shows neither.
 */
export function PersonPortrait({ personId, name }: { personId: string; name: string }) {
  const { t } = useTranslation();
  const { data, refetch } = usePersonMediaQuery({ variables: { id: personId } });
  const [adding, setAdding] = useState(false);
  const [remove] = useDeleteMediaMutation();
  const person = data?.person;
  if (!person || person.isPrivate) return null;
  const portrait = person.portrait;
  return (
    <div className="person-portrait" data-testid="person-portrait">
      {portrait?.image ? (
        <Picture image={portrait.image} alt={t("media.portrait_of", { name })} sizes="160px" eager className="person-portrait__picture" />
      ) : (
        <Avatar name={name} size="xl" />
      )}
      {person.viewerCan.edit && (
        <div className="person-portrait__actions">
          <Button size="sm" onClick={() => setAdding(true)}>
            {t(portrait ? "media.change_portrait" : "media.add_portrait")}
          </Button>
          {portrait?.viewerCan.delete && (
            <ConfirmAction
              label={t("media.remove_portrait")}
              question={t("media.delete_question")}
              confirmLabel={t("common.delete")}
              onConfirm={() => remove({ variables: { id: portrait.id } }).then(() => refetch())}
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
            void refetch();
          }}
        />
      )}
    </div>
  );
}
