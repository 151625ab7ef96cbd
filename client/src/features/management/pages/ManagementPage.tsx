import { useTranslation } from "react-i18next";
import { useStaffOverviewQuery } from "../generated";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { Skeleton } from "../../../ui/Skeleton";

/** /management: the staff home (admin, editor, moderator). Areas add their sections as they ship. */
export default function ManagementPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("management.title"));
  const { data, loading } = useStaffOverviewQuery({ fetchPolicy: "network-only" });
  return (
    <section className="page">
      <h1>{t("management.title")}</h1>
      {loading && <Skeleton label={t("common.loading")} />}
      {data && (
        <dl className="facts">
          <dt>{t("management.members")}</dt>
          <dd>{data.staffOverview.members}</dd>
          {data.staffOverview.roles.map((r) => (
            <div key={r.role} className="contents">
              <dt>{t(`roles.${r.role.toLowerCase()}`)}</dt>
              <dd>{r.count}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
