import { useTranslation } from "react-i18next";
import type { ImportRecordsQuery } from "../../../gql/graphql";
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

/** fetchMore's merge for the import's record lists: the next page after the ones shown. */
export const appendRecords = (
  prev: ImportRecordsQuery,
  { fetchMoreResult }: { fetchMoreResult: ImportRecordsQuery },
): ImportRecordsQuery => ({
  importRecords: { ...fetchMoreResult.importRecords, edges: [...prev.importRecords.edges, ...fetchMoreResult.importRecords.edges] },
});
