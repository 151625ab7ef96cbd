import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../i18n";
import { formatBytes } from "../../../lib/format";
import type { ImportAllowanceQuery } from "../../../gql/graphql";

type Allowance = ImportAllowanceQuery["importAllowance"];

/** What the member may still upload: files this hour, room for files waiting, how long a failed file is kept. */
export function ImportAllowance({ allowance }: { allowance: Allowance | undefined }) {
  const { t } = useTranslation();
  if (!allowance) return null;
  const lang = currentLanguage();
  const full = allowance.uploadsLeft === 0 || allowance.waitingBytes >= allowance.quotaBytes;
  return (
    <div className={full ? "notice" : "muted"} role={full ? "status" : undefined} data-testid="import-allowance">
      <p>
        {t("ingestion.allowance.uploads", { left: allowance.uploadsLeft, max: allowance.uploadsPerHour })}{" "}
        {t("ingestion.allowance.waiting", {
          used: formatBytes(allowance.waitingBytes, lang),
          quota: formatBytes(allowance.quotaBytes, lang),
          file: formatBytes(allowance.maxFileBytes, lang),
        })}
      </p>
      <p>{t("ingestion.allowance.retry", { count: allowance.retryKeepHours })}</p>
    </div>
  );
}
