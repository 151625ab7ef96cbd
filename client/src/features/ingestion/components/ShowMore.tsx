import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/Button";

/** The next page of an import list. */
export function ShowMore({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <li>
      <Button type="button" onClick={onClick}>
        {t("admin.more")}
      </Button>
    </li>
  );
}
