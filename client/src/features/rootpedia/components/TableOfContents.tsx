import { useTranslation } from "react-i18next";
import { directionOf } from "./ArticleBody";

interface Heading {
  level: number;
  text: string;
  anchor: string;
}

interface Entry extends Heading {
  number: string;
  children: Entry[];
}

/** An article's table of contents from three headings on, as an encyclopedia's. */
export const TOC_FROM = 3;

/** Headings nested under the one above them with a higher level, numbered 1, 1.1, 1.2, 2… */
export function nest(headings: readonly Heading[]): Entry[] {
  const top: Entry[] = [];
  const open: Entry[] = [];
  for (const h of headings) {
    while (open.length && open[open.length - 1].level >= h.level) open.pop();
    const siblings = open.length ? open[open.length - 1].children : top;
    const number = `${open.length ? `${open[open.length - 1].number}.` : ""}${siblings.length + 1}`;
    const entry = { ...h, number, children: [] };
    siblings.push(entry);
    open.push(entry);
  }
  return top;
}

function Entries({ entries }: { entries: Entry[] }) {
  return (
    <ol>
      {entries.map((e) => (
        <li key={e.anchor}>
          <a href={`#${e.anchor}`}>
            <span className="rootpedia-toc__number">{e.number}</span> {e.text}
          </a>
          {e.children.length > 0 && <Entries entries={e.children} />}
        </li>
      ))}
    </ol>
  );
}

/**
 * The contents of an article with three headings or more, each a link to its section; written in
 * the article's language and direction, titled in the reader's.
 */
export function TableOfContents({ headings, language }: { headings: readonly Heading[]; language: string }) {
  const { t } = useTranslation();
  if (headings.length < TOC_FROM) return null;
  return (
    <nav className="rootpedia-toc" aria-labelledby="rootpedia-toc-h" data-testid="rootpedia-toc">
      <h2 id="rootpedia-toc-h">{t("rootpedia.contents")}</h2>
      <div lang={language} dir={directionOf(language)}>
        <Entries entries={nest(headings)} />
      </div>
    </nav>
  );
}
