import { useTranslation } from "react-i18next";
import { ConfirmAction } from "./ConfirmAction";
import { Button } from "./Button";

/**
 * "Edit" and "Delete" for one item of a list, shown only to those allowed. Their accessible
 * names carry the item's name, so a screen reader hears which item each button acts on.
 */
export function ItemActions({
  name,
  question,
  onEdit,
  onDelete,
}: {
  name: string;
  question: string;
  onEdit: () => void;
  onDelete: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  return (
    <div className="item-actions">
      <Button type="button" size="sm" aria-label={t("common.edit_named", { name })} onClick={onEdit}>
        {t("common.edit")}
      </Button>
      <ConfirmAction
        label={t("common.delete")}
        ariaLabel={t("common.delete_named", { name })}
        question={question}
        confirmLabel={t("common.yes_delete")}
        onConfirm={onDelete}
      />
    </div>
  );
}
