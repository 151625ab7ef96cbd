import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../i18n";
import { formatNumber } from "../../../lib/format";
import { Facts } from "../../../ui/Facts";
import { useStaffOverviewQuery } from "../generated";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { lower } from "../../../i18n/typed";
import { Skeleton } from "../../../ui/Skeleton";

/** /management: the staff home (admin, editor, moderator). Areas add their sections as they ship. */
export default function ManagementPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("management.title"));
  const lang = currentLanguage();
  const { data, loading } = useStaffOverviewQuery({ fetchPolicy: "network-only" });
  return (
    <section className="page">
      <h1>{t("management.title")}</h1>
      {loading && <Skeleton label={t("common.loading")} />}
      {data && (
        <Facts
          items={[
            { label: t("management.members"), value: formatNumber(data.staffOverview.members, lang) },
            ...data.staffOverview.roles.map((r) => ({ label: t(`roles.${lower(r.role)}`), value: formatNumber(r.count, lang) })),
          ]}
        />
      )}
    </section>
  );
}
