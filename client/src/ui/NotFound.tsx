import { useContext } from "react";
import { useTranslation } from "react-i18next";
import { ServerPageContext } from "./serverPage";

import { useDocumentTitle } from "./useDocumentTitle";
import { ButtonLink } from "./Button";

export default function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("notfound.title"));
  // Rendered on the server: the page is sent with status 404.
  const server = useContext(ServerPageContext);
  if (server) server.notFound = true;
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
