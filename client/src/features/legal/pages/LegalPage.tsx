import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";

/** Privacy, terms and cookies: a title and the text from the translations. */
export default function LegalPage({ page }: { page: "privacy" | "terms" | "cookies" }) {
  const { t } = useTranslation();
  useDocumentTitle(t(`${page}.title`));
  return (
    <article className="page prose">
      <h1>{t(`${page}.title`)}</h1>
      <p>{t(`${page}.body`)}</p>
    </article>
  );
}
