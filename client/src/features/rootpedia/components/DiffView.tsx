import { useTranslation } from "react-i18next";
import type { RootpediaDiffQuery } from "../../../gql/graphql";
import { directionOf } from "./ArticleBody";
import "../rootpedia.css";

/**
 * Two revisions compared: removed text struck through in red, added text underlined in green,
 * a moved paragraph marked as moved; laid out in the article's direction (right to left in Arabic).
 * Texts too different to compare word by word come as whole paragraphs, with a note saying so.
 */
export function DiffView({ parts, language }: { parts: RootpediaDiffQuery["rootpediaDiff"]; language: string }) {
  const { t } = useTranslation();
  return (
    <>
      {parts.some((p) => p.coarse) && (
        <p className="rootpedia-diff__note" role="note" data-testid="rootpedia-diff-coarse">
          {t("rootpedia.diff_coarse")}
        </p>
      )}
      <div className="rootpedia-diff" lang={language} dir={directionOf(language)} data-testid="rootpedia-diff">
        {parts.map((p, i) =>
          p.kind === "SAME" ? (
            <span key={i}>{p.text}</span>
          ) : p.kind === "ADDED" ? (
            <ins key={i} className={p.moved ? "rootpedia-diff__moved" : undefined} title={p.moved ? t("rootpedia.moved") : undefined}>
              {p.text}
            </ins>
          ) : (
            <del key={i} className={p.moved ? "rootpedia-diff__moved" : undefined} title={p.moved ? t("rootpedia.moved") : undefined}>
              {p.text}
            </del>
          ),
        )}
      </div>
    </>
  );
}
