import { useTranslation } from "react-i18next";
import { BidiText } from "../../../ui/BidiText";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";

/** What Roots is, how records are labelled, and where its data comes from. */
export default function AboutPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("about.title"));
  return (
    <article className="page prose">
      <h1>{t("about.title")}</h1>
      <p>{t("about.body")}</p>
      <h2>{t("about.records_heading")}</h2>
      <ul className="provenance">
        <li className="provenance--verified">{t("about.records_verified")}</li>
        <li className="provenance--community">{t("about.records_community")}</li>
        <li className="provenance--ai">{t("about.records_ai")}</li>
      </ul>
      <h2>{t("about.credits_heading")}</h2>
      <p>
        <BidiText text={t("about.credits_body")} />
      </p>
      <p>
        <BidiText text={t("about.credits_maps")} />
      </p>
    </article>
  );
}
