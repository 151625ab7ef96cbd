import { useTranslation } from "react-i18next";

/** Privacy, terms and cookies: a title and the text from the translations. */
export default function LegalPage({ page }: { page: "privacy" | "terms" | "cookies" }) {
  const { t } = useTranslation();
  return (
    <article className="page prose">
      <h1>{t(`${page}.title`)}</h1>
      <p>{t(`${page}.body`)}</p>
    </article>
  );
}
