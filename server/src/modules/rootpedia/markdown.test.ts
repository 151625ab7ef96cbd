import { describe, expect, it } from "@jest/globals";
import { checkMarkdown, markdownText, MarkdownRefused, plainText, renderMarkdown } from "./markdown.js";

/**
 * Vectors from the OWASP XSS Filter Evasion Cheat Sheet, as Markdown would carry them: raw HTML,
 * link and image targets, entity and whitespace tricks. Each is refused when an article is saved
 * (checkMarkdown), and none survives rendering (renderMarkdown), the sanitiser's second line.
 */
const VECTORS = [
  `<SCRIPT SRC=http://xss.rocks/xss.js></SCRIPT>`,
  `<IMG SRC="javascript:alert('XSS');">`,
  `<IMG SRC=javascript:alert('XSS')>`,
  `<IMG SRC=JaVaScRiPt:alert('XSS')>`,
  "<IMG SRC=`javascript:alert(\"RSnake says, 'XSS'\")`>",
  `<a onmouseover="alert(document.cookie)">xxs link</a>`,
  `<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>`,
  `<IMG SRC=# onmouseover="alert('xxs')">`,
  `<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>`,
  `<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">`,
  `<IMG SRC="jav	ascript:alert('XSS');">`,
  `<IMG SRC="jav&#x0A;ascript:alert('XSS');">`,
  `<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>`,
  `<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^\`=alert("XSS")>`,
  `<<SCRIPT>alert("XSS");//\\<</SCRIPT>`,
  `<iframe src=http://xss.rocks/scriptlet.html <`,
  `<svg/onload=alert('XSS')>`,
  `<BODY BACKGROUND="javascript:alert('XSS')">`,
  `<LINK REL="stylesheet" HREF="javascript:alert('XSS');">`,
  `<STYLE>@import'http://xss.rocks/xss.css';</STYLE>`,
  `<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert('XSS');">`,
  `<TABLE BACKGROUND="javascript:alert('XSS')">`,
  `<DIV STYLE="background-image: url(javascript:alert('XSS'))">`,
  `<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>`,
  `<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml" AllowScriptAccess="always"></EMBED>`,
  `[click](javascript:alert('XSS'))`,
  `[click](JaVaScRiPt:alert(1))`,
  `[click](  javascript:alert(1))`,
  `[click](java\tscript:alert(1))`,
  `[click](vbscript:msgbox(1))`,
  `[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)`,
  `![x](javascript:alert(1))`,
  `[a]: javascript:alert(1)\n\n[click][a]`,
  `[click](&#106;avascript:alert(1))`,
  `[click](&#x6A;avascript:alert(1))`,
  `<https://example.org><script>alert(1)</script>`,
];

describe("Markdown with the OWASP XSS vectors", () => {
  it.each(VECTORS)("refuses %s when saved", (vector) => {
    expect(() => checkMarkdown(`Some text.\n\n${vector}\n`)).toThrow(MarkdownRefused);
  });

  it.each(VECTORS)("renders %s without script", (vector) => {
    const html = renderMarkdown(`Some text.\n\n${vector}\n`, () => null).toLowerCase();
    expect(html).not.toMatch(/<script|<iframe|<object|<embed|<svg|<style|<meta|<link|<body|<img[^>]*src="?javascript/);
    expect(html).not.toMatch(/\son[a-z]+=/);
    expect(html).not.toMatch(/(href|src)="\s*(javascript|vbscript|data):/);
  });
});

describe("articles", () => {
  it("keep Markdown, tables and footnotes, and turn roots: citations into the site's links", () => {
    const text = [
      "## تاريخ",
      "",
      "هاجر **يوسف** إلى البرازيل.[^1]",
      "",
      "| سنة | حدث |",
      "|---|---|",
      "| 1895 | الهجرة |",
      "",
      "[^1]: [يوسف الخوري](roots:person/UGVyc29uOjE) و[السجل](roots:registry/5b6f0c36-1d7a-4d6e-9a53-7f1c2c3d4e5f)",
    ].join("\n");
    expect(checkMarkdown(text)).toEqual([
      { kind: "person", id: "UGVyc29uOjE" },
      { kind: "registry", id: "5b6f0c36-1d7a-4d6e-9a53-7f1c2c3d4e5f" },
    ]);
    const html = renderMarkdown(text, (c) => (c.kind === "person" ? `/person/${c.id}` : null));
    expect(html).toContain("<strong>يوسف</strong>");
    expect(html).toContain("<table>");
    expect(html).toContain('href="/person/UGVyc29uOjE"');
    expect(html).toContain("data-footnotes");
    expect(plainText(text)).toContain("هاجر يوسف إلى البرازيل");
  });

  it("refuse a roots: link of an unknown kind", () => {
    expect(() => checkMarkdown("[x](roots:secret/1)")).toThrow(MarkdownRefused);
  });
});

describe("plain text written as Markdown", () => {
  it("keeps ordinary punctuation as it is: no escape the next editor did not type", () => {
    for (const name of [
      "Saint-Élie (Mar Elias)",
      "كنيسة مار الياس (1890)",
      "Al-Khoury family, est. 1711!",
      "snake_case_name",
      "Zahlé + Ksara",
    ])
      expect(markdownText(name, true)).toBe(name);
  });

  it.each([
    "*star* and _under_",
    "# not a heading",
    "1. not a list",
    "- not an item",
    "> not a quote",
    "[not](a link)",
    "`code`",
    "a \\* b",
    "Tom &amp; Jerry",
    "~~struck~~",
    "line one\n===",
    "line one\n- item",
  ])("reads back as the same text: %s", (text) => {
    const md = markdownText(text, true);
    expect(() => checkMarkdown(md)).not.toThrow();
    expect(plainText(md)).toBe(text.replace(/\s+/g, " "));
    expect(renderMarkdown(md, () => null)).not.toMatch(/<(h1|h2|ol|ul|li|blockquote|em|strong|code|a|del)\b/);
  });
});
