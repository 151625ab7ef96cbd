import { useTranslation } from "react-i18next";
import type { ImportRecordsQuery } from "../../../gql/graphql";

/** The next page of an import list. */
export function ShowMore({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <li>
      <button type="button" className="button" onClick={onClick}>{t("admin.more")}</button>
    </li>
  );
}

/** fetchMore's merge for the import's record lists: the next page after the ones shown. */
export const appendRecords = (prev: ImportRecordsQuery, { fetchMoreResult }: { fetchMoreResult: ImportRecordsQuery }): ImportRecordsQuery => ({
  importRecords: { ...fetchMoreResult.importRecords, edges: [...prev.importRecords.edges, ...fetchMoreResult.importRecords.edges] },
});
