import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../i18n";
import { formatBytes } from "../../../lib/format";
import { useMediaAllowanceQuery } from "../generated";

/** /settings: the member's room for pictures, the uploads left this hour and the largest file. */
export function MediaAllowanceSection() {
  const { t } = useTranslation();
  const { data } = useMediaAllowanceQuery({ fetchPolicy: "cache-and-network" });
  const a = data?.mediaAllowance;
  const lang = currentLanguage();
  return (
    <section className="card" aria-labelledby="media-allowance-h" id="pictures" data-testid="media-allowance">
      <h2 id="media-allowance-h">{t("media.allowance_title")}</h2>
      {a ? (
        <>
          <meter min={0} max={a.quotaBytes} value={a.usedBytes} aria-labelledby="media-allowance-used" />
          <p id="media-allowance-used">
            {t("media.allowance_used", { used: formatBytes(a.usedBytes, lang), quota: formatBytes(a.quotaBytes, lang) })}
          </p>
          <p className="muted">
            {t("media.allowance_uploads", { left: a.uploadsLeft, max: a.uploadsPerHour })}{" "}
            {t("media.allowance_file", { file: formatBytes(a.maxFileBytes, lang) })}
          </p>
        </>
      ) : (
        <p className="muted">{t("common.loading")}</p>
      )}
    </section>
  );
}
