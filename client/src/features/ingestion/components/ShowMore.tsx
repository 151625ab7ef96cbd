import { useTranslation } from "react-i18next";

/** The next page of an import list. */
export function ShowMore({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <li>
      <button type="button" className="button" onClick={onClick}>{t("admin.more")}</button>
    </li>
  );
}
