/** The direction of a text written in an article's language: its own, whatever the page's (an English article on an Arabic page reads left to right). */
export const directionOf = (language: string): "rtl" | "ltr" => (language === "ar" ? "rtl" : "ltr");

/**
 * An article's text as the server rendered it: Markdown parsed and sanitised there (unified with
 * rehype-sanitize), citations already the site's links. The HTML is set as is for that reason only.
 */
export function ArticleBody({ html, language }: { html: string; language: string }) {
  return <div className="rootpedia-body" lang={language} dir={directionOf(language)} dangerouslySetInnerHTML={{ __html: html }} />;
}
