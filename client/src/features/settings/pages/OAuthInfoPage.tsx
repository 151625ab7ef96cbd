import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";

/** How partner genealogy sites get API access (the partner sign-in flow comes later). */
export default function OAuthInfoPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("oauth.title"));
  return (
    <article className="page prose">
      <h1>{t("oauth.title")}</h1>
      <p>{t("oauth.intro")}</p>
      <h2>{t("oauth.today_heading")}</h2>
      <p>{t("oauth.today_body")}</p>
      <p className="cluster">
        <code dir="ltr">POST /graphql</code> <code dir="ltr">wss://…/graphql</code> <code dir="ltr">schema/schema.graphql</code>
      </p>
      <h2>{t("oauth.privacy_heading")}</h2>
      <p>{t("oauth.privacy_body")}</p>
      <h2>{t("oauth.next_heading")}</h2>
      <p>{t("oauth.next_body")}</p>
    </article>
  );
}
