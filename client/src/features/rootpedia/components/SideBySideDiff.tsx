import { useId, type CSSProperties, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import type { RootpediaComparisonQuery, RootpediaDiffLineFieldsFragment } from "../../../gql/graphql";
import { currentLanguage } from "../../../i18n";
import { directionOf } from "./ArticleBody";
import "./side-by-side.css";

type Comparison = RootpediaComparisonQuery["rootpediaComparison"];
type Row = Comparison["rows"][number];
type Span = RootpediaDiffLineFieldsFragment["spans"][number];

/** A run of words with its marks (bold, a link…), inside <del> or <ins> when it changed. */
function SpanView({ span }: { span: Span }) {
  const { t } = useTranslation();
  const has = (mark: Span["marks"][number]) => span.marks.includes(mark);
  let el: ReactNode = span.text;
  if (has("CELL")) el = <span className="rootpedia-cmp__cell">{span.text}</span>;
  if (has("CODE")) el = <code>{el}</code>;
  if (has("STRIKE")) el = <s>{el}</s>;
  if (has("EMPHASIS")) el = <em>{el}</em>;
  if (has("STRONG")) el = <strong>{el}</strong>;
  if (has("NOTE")) el = <sup>{el}</sup>;
  if (has("IMAGE"))
    el = (
      <span className="rootpedia-cmp__picture">
        <span aria-hidden="true">▣ </span>
        <span className="visually-hidden">{t("rootpedia.picture")}: </span>
        {el}
      </span>
    );
  if (has("LINK") && span.href)
    el = /^\/(?!\/)/.test(span.href) ? (
      <Link to={span.href}>{el}</Link>
    ) : (
      <a href={span.href} rel="nofollow ugc noopener noreferrer">
        {el}
      </a>
    );
  else if (has("LINK")) el = <span className="rootpedia-cmp__link">{el}</span>;
  return span.change === "ADDED" ? <ins>{el}</ins> : span.change === "REMOVED" ? <del>{el}</del> : <>{el}</>;
}

/** A line as it reads in the article: a heading looks like a heading, an item like an item (never the page's own headings). */
function LineView({ line }: { line: RootpediaDiffLineFieldsFragment }) {
  const spans = line.spans.map((s, i) => <SpanView key={i} span={s} />);
  const depth = { "--depth": line.level } as CSSProperties;
  switch (line.type) {
    case "HEADING":
      return <p className={`rootpedia-cmp__h rootpedia-cmp__h--${Math.min(line.level, 4)}`}>{spans}</p>;
    case "BULLET":
      return (
        <p className="rootpedia-cmp__item" style={depth}>
          <span className="rootpedia-cmp__marker" aria-hidden="true">
            •
          </span>
          {spans}
        </p>
      );
    case "NUMBERED":
      return (
        <p className="rootpedia-cmp__item" style={depth}>
          <span className="rootpedia-cmp__marker">{line.label}.</span>
          {spans}
        </p>
      );
    case "QUOTE":
      return (
        <blockquote className="rootpedia-cmp__quote" style={depth}>
          {spans}
        </blockquote>
      );
    case "CODE":
      return (
        <pre className="rootpedia-cmp__code" dir="ltr">
          {spans}
        </pre>
      );
    case "RULE":
      return <hr />;
    case "NOTE":
      return (
        <p className="rootpedia-cmp__note">
          <sup>{line.label}</sup> {spans}
        </p>
      );
    case "ROW":
      return <p className="rootpedia-cmp__row-line">{spans}</p>;
    default:
      return <p>{spans}</p>;
  }
}

/** One side of a row; an empty side keeps its place beside the other on a wide screen. */
function Side({ row, side, anchor }: { row: Row; side: "before" | "after"; anchor: string }) {
  const { t } = useTranslation();
  const lines = row[side];
  if (!lines.length) return <div className="rootpedia-cmp__side rootpedia-cmp__side--empty" aria-hidden="true" />;
  const moved = row.moveId !== null && row.moveId !== undefined;
  const kind = row.kind === "SAME" ? "same" : side;
  return (
    <div
      className={`rootpedia-cmp__side rootpedia-cmp__side--${kind}${moved ? " rootpedia-cmp__side--moved" : ""}`}
      id={moved ? `${anchor}-${row.moveId}-${side}` : undefined}
    >
      {row.kind !== "SAME" && (
        <p className="rootpedia-cmp__label" lang={currentLanguage()}>
          {t(side === "before" ? "rootpedia.diff.before" : "rootpedia.diff.after")}
        </p>
      )}
      {moved && (
        <p className="rootpedia-cmp__label rootpedia-cmp__moved-note" lang={currentLanguage()}>
          <a href={`#${anchor}-${row.moveId}-${side === "before" ? "after" : "before"}`}>
            {t(side === "before" ? "rootpedia.diff.moved_to" : "rootpedia.diff.moved_from")}
          </a>
        </p>
      )}
      {lines.map((l, i) => (
        <LineView key={i} line={l} />
      ))}
    </div>
  );
}

/**
 * Two revisions compared as Wikipedia shows them: the old text beside the new on a wide screen,
 * one above the other on a phone (or in a narrow column: the layout follows the space it has),
 * laid out in the article's direction (the old side on the right in Arabic). Unchanged paragraphs
 * are collapsed around one of context; the text reads as the article does, with removed words in
 * red and added ones in green; a moved paragraph links to where it went.
 */
export function SideBySideDiff({ comparison, language }: { comparison: Comparison; language: string }) {
  const { t } = useTranslation();
  const anchor = useId().replace(/:/g, "");
  const changes = comparison.rows.filter((r) => r.kind !== "SAME" && r.kind !== "SKIPPED").length;
  return (
    <>
      {comparison.coarse && (
        <p className="rootpedia-diff__note" role="note" data-testid="rootpedia-diff-coarse">
          {t("rootpedia.diff_coarse")}
        </p>
      )}
      <div className="rootpedia-cmp" lang={language} dir={directionOf(language)} data-testid="rootpedia-diff">
        <div className="rootpedia-cmp__head" lang={currentLanguage()} aria-hidden="true">
          <span>{t("rootpedia.diff.before")}</span>
          <span>{t("rootpedia.diff.after")}</span>
        </div>
        {changes === 0 && (
          <p className="rootpedia-cmp__none" lang={currentLanguage()}>
            {t("rootpedia.diff.none")}
          </p>
        )}
        {comparison.rows.map((r, i) =>
          r.kind === "SKIPPED" ? (
            <p key={i} className="rootpedia-cmp__skipped" lang={currentLanguage()}>
              {t("rootpedia.diff.skipped", { count: r.skipped })}
            </p>
          ) : (
            <div key={i} className={`rootpedia-cmp__row rootpedia-cmp__row--${r.kind.toLowerCase()}`} data-kind={r.kind}>
              <Side row={r} side="before" anchor={anchor} />
              <Side row={r} side="after" anchor={anchor} />
            </div>
          ),
        )}
      </div>
    </>
  );
}
