/**
 * An article's text as the server rendered it: Markdown parsed and sanitised there (unified with
 * rehype-sanitize), citations already the site's links. The HTML is set as is for that reason only.
 */
export function ArticleBody({ html, language }: { html: string; language: string }) {
  return (
    <div className="rootpedia-body" lang={language} dir={language === "ar" ? "rtl" : "ltr"} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
