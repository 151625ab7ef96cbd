import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="page page--center" data-testid="not-found">
      <h1>{t("notfound.title")}</h1>
      <p>{t("notfound.body")}</p>
      <Link className="button button--primary" to="/">
        {t("notfound.home")}
      </Link>
    </section>
  );
}
