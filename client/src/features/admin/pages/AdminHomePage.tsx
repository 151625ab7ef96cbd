import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";

/** /admin: the admin tools that exist so far. */
export default function AdminHomePage() {
  const { t } = useTranslation();
  useDocumentTitle(t("admin.title"));
  return (
    <section className="page">
      <h1>{t("admin.title")}</h1>
      <ul className="link-list">
        <li><Link to="/admin/roles">{t("admin.roles_title")}</Link> — {t("admin.roles_intro")}</li>
        <li><Link to="/admin/outbox">{t("admin.outbox_title")}</Link> — {t("admin.outbox_intro")}</li>
        <li><Link to="/admin/health">{t("admin.health_title")}</Link> — {t("admin.health_link_intro")}</li>
        <li><Link to="/admin/backoffice">{t("admin.backoffice_title")}</Link> — {t("admin.backoffice_intro")}</li>
      </ul>
    </section>
  );
}
