import { useTranslation } from "react-i18next";

import { useDocumentTitle } from "./useDocumentTitle";
import { ButtonLink } from "./Button";

export default function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("notfound.title"));
  return (
    <section className="page page--center" data-testid="not-found">
      <h1>{t("notfound.title")}</h1>
      <p>{t("notfound.body")}</p>
      <ButtonLink variant="primary" to="/">
        {t("notfound.home")}
      </ButtonLink>
    </section>
  );
}
