import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useAuth } from "../../../app/auth/useAuth";
import { Avatar } from "../../../ui/Avatar";
import { Badge } from "../../../ui/Badge";
import { ButtonLink } from "../../../ui/Button";
import { lower } from "../../../i18n/typed";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";

/** A member's home: their roots and trees as those areas arrive, and where to go next. */
export default function DashboardPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("nav.dashboard"));
  const auth = useAuth();
  if (auth.status !== "signedIn") return null;
  const { viewer } = auth;
  // The village curators, editors and admins review Rootpedia edits and run ballots on the staff board.
  const reviewer = viewer.roles.some((r) => r === "LOCAL_ROOT_CURATOR" || r === "EDITOR" || r === "ADMIN");
  return (
    <section className="page">
      <header className="page-head page-head--person">
        <Avatar name={viewer.displayName} size="lg" />
        <div>
          <h1>{t("dashboard.title", { name: viewer.displayName })}</h1>
          <Badge tone="primary">{t(`roles.${lower(viewer.mainRole)}`)}</Badge>
        </div>
      </header>
      <div className="grid">
        <article className="card" aria-labelledby="dash-roots">
          <h2 id="dash-roots">{t("dashboard.roots")}</h2>
          <p>{viewer.villageOfOrigin ? t("dashboard.village", { village: viewer.villageOfOrigin }) : t("dashboard.no_village")}</p>
          <ButtonLink to="/settings" size="sm">
            {t("dashboard.edit_profile")}
          </ButtonLink>
        </article>
        <article className="card" aria-labelledby="dash-trees">
          <h2 id="dash-trees">{t("dashboard.trees")}</h2>
          <p>{t("dashboard.trees_body")}</p>
          <ul className="link-list">
            <li>
              <Link to="/roots">{t("people.my_tree")}</Link>
            </li>
            <li>
              <Link to="/roots/import">{t("ingestion.gedcom.title")}</Link>
            </li>
            <li>
              <Link to="/excel">{t("ingestion.spreadsheet.title")}</Link>
            </li>
            <li>
              <Link to="/roots/export">{t("ingestion.export.title")}</Link>
            </li>
            <li>
              <Link to="/wallet">{t("money.wallet_title")}</Link>
            </li>
            <li>
              <Link to="/ancestry?tab=track">{t("ancestry.title")}</Link>
            </li>
          </ul>
        </article>
        {(viewer.can.accessManagement || viewer.can.accessAdmin || viewer.can.handleDocumentRequests || reviewer) && (
          <article className="card" aria-labelledby="dash-staff">
            <h2 id="dash-staff">{t("dashboard.staff")}</h2>
            <ul className="link-list">
              {reviewer && (
                <li>
                  <Link to="/management/linpedia">{t("rootpedia.queue_title")}</Link>
                </li>
              )}
              {viewer.can.accessManagement && (
                <li>
                  <Link to="/management">{t("nav.management")}</Link>
                </li>
              )}
              {viewer.can.accessManagement && (
                <li>
                  <Link to="/management/payments">{t("money.desk_title")}</Link>
                </li>
              )}
              {viewer.can.handleDocumentRequests && (
                <li>
                  <Link to="/management/ancestry">{t("ancestry.desk_title")}</Link>
                </li>
              )}
              {viewer.can.accessAdmin && (
                <li>
                  <Link to="/admin">{t("nav.admin")}</Link>
                </li>
              )}
            </ul>
          </article>
        )}
      </div>
    </section>
  );
}
