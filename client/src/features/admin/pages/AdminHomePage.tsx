import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";

const TOOLS = [
  { to: "/admin/roles", title: "admin.roles_title", intro: "admin.roles_intro" },
  { to: "/admin/outbox", title: "admin.outbox_title", intro: "admin.outbox_intro" },
  { to: "/admin/health", title: "admin.health_title", intro: "admin.health_link_intro" },
  { to: "/admin/backoffice", title: "admin.backoffice_title", intro: "admin.backoffice_intro" },
  { to: "/admin/rootspace", title: "rootspace.settings_title", intro: "rootspace.settings_intro" },
] as const;

/** /admin: the admin tools that exist so far, a card each. */
export default function AdminHomePage() {
  const { t } = useTranslation();
  useDocumentTitle(t("admin.title"));
  return (
    <section className="page">
      <h1>{t("admin.title")}</h1>
      <ul className="grid tool-grid">
        {TOOLS.map((tool) => (
          <li key={tool.to} className="card tool-card">
            <h2>
              <Link to={tool.to}>{t(tool.title)}</Link>
            </h2>
            <p className="muted">{t(tool.intro)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
