import type { Nodes, Root } from "mdast";
import rehypeSanitize, { defaultSchema } from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";

/**
 * Articles are Markdown (CommonMark with GitHub's tables, strikethrough and footnotes), parsed and
 * sanitised on the server with unified: remark reads it, rehype-sanitize keeps only GitHub's safe
 * subset, rehype-stringify writes HTML. Raw HTML and links other than http(s), mailto, the site's
 * own paths and `roots:` citations are refused when an article is saved, and the sanitiser removes
 * them again when it is shown (an article saved by an older version of these rules is still safe).
 *
 * Citations point into Roots with `roots:` links, usually in footnotes (`[^1]: [Youssef Khoury](roots:person/<id>)`):
 * `roots:person/<id>` (a person of the tree who has died and is public), `roots:registry/<id>`,
 * `roots:village/<slug>` and, as images, `roots:media/<id>` (a picture from the media library).
 */
export type CitationKind = "person" | "registry" | "village" | "media";
export interface Citation {
  kind: CitationKind;
  id: string;
}

const SAFE_PROTOCOL = /^(https?:|mailto:)/i;
/** Controls, spaces and C1 controls, which browsers skip inside a URL's scheme (`java\tscript:`). */
// eslint-disable-next-line no-control-regex
const IGNORED_IN_SCHEME = /[\u0000-\u0020\u007f-\u009f]/g;
const ROOTS_LINK = /^roots:(person|registry|village|media)\/([A-Za-z0-9_-]{1,200})$/;

export class MarkdownRefused extends Error {
  constructor(
    readonly key: "raw_html" | "bad_link" | "bad_citation" | "remote_image",
    readonly params: Record<string, string> = {},
  ) {
    super(`rootpedia.${key}`);
  }
}

const parser = unified().use(remarkParse).use(remarkGfm);

export const parseMarkdown = (text: string): Root => parser.parse(text) as Root;

function visit(node: Nodes, fn: (n: Nodes) => void): void {
  fn(node);
  if ("children" in node) for (const c of node.children as Nodes[]) visit(c, fn);
}

/** What a link may point to: a safe web address, a path of the site, an anchor, or a `roots:` citation. */
function checkUrl(url: string): Citation | null {
  const u = url.trim();
  const cited = ROOTS_LINK.exec(u);
  if (cited) return { kind: cited[1] as CitationKind, id: cited[2] };
  if (/^roots:/i.test(u)) throw new MarkdownRefused("bad_citation", { link: u.slice(0, 80) });
  // No scheme at all (a path or an anchor), checked the way browsers read it (tabs and newlines ignored).
  const squashed = u.replace(IGNORED_IN_SCHEME, "");
  if (
    SAFE_PROTOCOL.test(squashed) ||
    /^(\/(?!\/)|#|\.\/|\.\.\/)/.test(squashed) ||
    (!/^[a-z][a-z0-9+.-]*:/i.test(squashed) && !squashed.startsWith("//"))
  )
    return null;
  throw new MarkdownRefused("bad_link", { link: u.slice(0, 80) });
}

/** Where a link of an article leads: a `roots:` citation, a safe address as written, or null for one `checkMarkdown` refuses. */
export function linkOf(url: string): Citation | string | null {
  try {
    return checkUrl(url) ?? url.trim();
  } catch (err) {
    if (err instanceof MarkdownRefused) return null;
    throw err;
  }
}

/**
 * The address of each image of the tree: an image's own, an image reference's from its
 * definition; null for any other node (and for a reference without a definition, which stays text).
 */
function imageAddresses(tree: Root): (n: Nodes) => string | null {
  const definitions = new Map<string, string>();
  visit(tree, (n) => {
    if (n.type === "definition") definitions.set(n.identifier, n.url);
  });
  return (n) => (n.type === "image" ? n.url : n.type === "imageReference" ? (definitions.get(n.identifier) ?? null) : null);
}

/** A picture of the media library (`roots:media/<id>`), the only images articles show. */
const fromLibrary = (url: string) => ROOTS_LINK.exec(url.trim())?.[1] === "media";

/**
 * Checks an article's Markdown before it is saved: no raw HTML (script, event handlers, iframes:
 * all HTML is refused, Markdown says the same), no link with another scheme (`javascript:`,
 * `data:`, `vbscript:`…), no image but the media library's (`roots:media/<id>`), and well-formed
 * citations. Returns the citations.
 */
export function checkMarkdown(text: string): Citation[] {
  const citations: Citation[] = [];
  const tree = parseMarkdown(text);
  // Pictures come from the media library only: a remote image would tell another site who reads the article, and when.
  const imageOf = imageAddresses(tree);
  visit(tree, (n) => {
    const src = imageOf(n);
    if (src !== null && !fromLibrary(src)) throw new MarkdownRefused("remote_image", { link: src.trim().slice(0, 80) });
    if (n.type === "html") throw new MarkdownRefused("raw_html");
    // HTML that Markdown did not take as HTML (an unquoted attribute, a stray tag) is still refused, not kept as text,
    // and so is a script address written where a link was meant.
    if (n.type === "text") {
      if (/<\/?[a-z!?]/i.test(n.value)) throw new MarkdownRefused("raw_html");
      const squashed = n.value.replace(IGNORED_IN_SCHEME, "").toLowerCase();
      if (/(javascript|vbscript|livescript):|data:text\/html/.test(squashed))
        throw new MarkdownRefused("bad_link", { link: "javascript:" });
    }
    if (n.type === "link" || n.type === "image" || n.type === "definition") {
      const c = checkUrl(n.url);
      if (c) citations.push(c);
    }
  });
  return citations;
}

/** Where a citation leads in the site, or for an image its picture's link; null when it may not be shown. */
export type Resolve = (c: Citation) => string | null;

/**
 * remark-rehype already prefixes the only ids Markdown makes (footnotes', `user-content-`); the
 * sanitiser prefixing them again broke every footnote's link (`#user-content-fn-1` led nowhere).
 */
const schema = {
  ...defaultSchema,
  clobberPrefix: "",
  protocols: { ...defaultSchema.protocols, href: ["http", "https", "mailto"], src: ["http", "https"] },
};

/** The words of the notes' section, in the article's language: its heading, and a note's way back (`{{n}}`: its number). */
export interface RenderLabels {
  notes: string;
  back: string;
}

/** A heading of the article, for its table of contents. */
export interface Heading {
  level: number;
  text: string;
  /** The heading's id in the HTML. */
  anchor: string;
}

export interface Rendered {
  html: string;
  /** The article's own headings in order (the notes' heading is not one). */
  headings: Heading[];
}

const renderers = new Map<string, ReturnType<typeof makeRenderer>>();
const makeRenderer = (labels: RenderLabels) =>
  unified()
    .use(remarkRehype, {
      footnoteLabel: labels.notes,
      // The notes' heading is seen, as an encyclopedia's notes are (not `sr-only`).
      footnoteLabelProperties: {},
      footnoteBackLabel: (i: number) => labels.back.replace("{{n}}", String(i + 1)),
    })
    .use(rehypeSanitize, schema)
    .use(rehypeStringify);
const rendererFor = (labels: RenderLabels) => {
  const key = `${labels.notes}\u0000${labels.back}`;
  let r = renderers.get(key);
  if (!r) renderers.set(key, (r = makeRenderer(labels)));
  return r;
};
const ENGLISH: RenderLabels = { notes: "Notes", back: "Back to reference {{n}}" };

interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}
const textOf = (n: HastNode): string => (n.type === "text" ? (n.value ?? "") : (n.children ?? []).map(textOf).join(""));

/** Ids for the article's headings (`h-` and their words, once each), for its table of contents. */
function anchorHeadings(root: HastNode): Heading[] {
  const headings: Heading[] = [];
  const taken = new Set<string>();
  const walk = (n: HastNode) => {
    if (n.tagName === "section" && n.properties?.dataFootnotes !== undefined) return;
    const level = /^h([1-6])$/.exec(n.tagName ?? "")?.[1];
    if (level) {
      const text = textOf(n).replace(/\s+/g, " ").trim();
      const base = `h-${
        text
          .toLowerCase()
          .replace(/[^\p{L}\p{N}\p{M}]+/gu, "-")
          .replace(/^-+|-+$/g, "")
          .slice(0, 60) || "section"
      }`;
      let anchor = base;
      for (let i = 2; taken.has(anchor); i++) anchor = `${base}-${i}`;
      taken.add(anchor);
      n.properties = { ...n.properties, id: anchor };
      headings.push({ level: Number(level), text, anchor });
      return;
    }
    for (const c of n.children ?? []) walk(c);
  };
  walk(root);
  return headings;
}

/**
 * The article as safe HTML with its headings: `roots:` citations become the site's links (a person
 * the reader may not see, or a picture they may not see, is left as plain text), the sanitiser
 * keeps only safe elements and attributes, and each heading gets an id for the table of contents.
 */
export function renderArticle(text: string, resolve: Resolve, labels: RenderLabels = ENGLISH): Rendered {
  const tree = parseMarkdown(text);
  const imageOf = imageAddresses(tree);
  visit(tree, (n) => {
    // Only the media library's pictures are shown (an article saved before remote images were refused keeps its alt text).
    const src = imageOf(n);
    if (src !== null && !fromLibrary(src)) Object.assign(n, { type: "text", value: (n as { alt?: string | null }).alt ?? "" });
    if (n.type === "link" || n.type === "image" || n.type === "definition") {
      const cited = ROOTS_LINK.exec(n.url.trim());
      if (cited) n.url = resolve({ kind: cited[1] as CitationKind, id: cited[2] }) ?? "#";
    }
  });
  const renderer = rendererFor(labels);
  const hast = renderer.runSync(tree as never) as unknown as HastNode;
  const headings = anchorHeadings(hast);
  return { html: String(renderer.stringify(hast as never)), headings };
}

/** The article as safe HTML (renderArticle without its headings). */
export const renderMarkdown = (text: string, resolve: Resolve, labels?: RenderLabels): string => renderArticle(text, resolve, labels).html;

/** A letter or digit of any script. */
const ALNUM = /[\p{L}\p{N}]/u;

/**
 * Plain text written as Markdown that reads back as the same text: only a character that would
 * become a mark there is escaped (`*`, `` ` ``, brackets, a `_` or `~` that could open emphasis, an
 * entity's `&`, a backslash before punctuation; at a line's start, what would make a heading, a
 * list or a quote), so "Saint-Élie (Mar Elias)" stays as it is, for the member who edits it next.
 * `lineStart`: the text begins a line (a list item's text, a paragraph), not the inside of a link.
 */
export function markdownText(text: string, lineStart: boolean): string {
  const inline = (line: string) =>
    line.replace(/[\\`*[\]~_&<]/g, (c, i: number, s: string) => {
      if (c === "\\") return /[!-/:-@[-`{-~]/.test(s[i + 1] ?? "") ? "\\\\" : c;
      if (c === "_") return ALNUM.test(s[i - 1] ?? "") && ALNUM.test(s[i + 1] ?? "") ? c : "\\_";
      if (c === "&") return /^&(#x?[0-9a-f]+|[a-z][a-z0-9]*);/i.test(s.slice(i, i + 34)) ? "\\&" : c;
      if (c === "<") return /[a-z/!?]/i.test(s[i + 1] ?? "") ? "\\<" : c;
      return `\\${c}`;
    });
  const blockStart = (line: string) =>
    line
      .replace(/^\s+/, "")
      .replace(/^(#{1,6}(?=\s|$)|>|[-+](?=\s|$)|[-=]+(?=\s*$))/, "\\$1")
      .replace(/^(\d{1,9})([.)])(?=\s|$)/, "$1\\$2");
  return text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line, i) => (lineStart || i > 0 ? blockStart(inline(line)) : inline(line)))
    .join("\n");
}

/**
 * Roughly the words of Markdown, in one linear pass without parsing it (search snippets of many
 * articles, and the fallback when parsing takes too long): link targets, footnote marks and
 * Markdown's punctuation marks are dropped.
 */
export const roughPlainText = (text: string): string =>
  text
    .replace(/\]\([^()\s\]]*\)/g, "]")
    .replace(/\[\^[^[\]\s^]*\]:?/g, "")
    .replace(/[*_#>`~|[\]!]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** Plain text of an article (search and snippets): its words without Markdown marks. */
export function plainText(text: string): string {
  const out: string[] = [];
  visit(parseMarkdown(text), (n) => {
    if (n.type === "text" || n.type === "inlineCode") out.push(n.value);
    if (n.type === "paragraph" || n.type === "heading" || n.type === "listItem" || n.type === "tableCell") out.push(" ");
  });
  return out.join("").replace(/\s+/g, " ").trim();
}
