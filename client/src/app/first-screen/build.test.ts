import { describe, expect, it } from "vitest";
import { chunkLinks, withFirstScreen } from "./build";

const INDEX = `<!doctype html>
<html lang="ar" dir="rtl">
  <head>
    <meta name="description" content="old" />
    <title>Roots</title>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/shell-b.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe("a page's first screen in the built HTML", () => {
  it("puts the screen in #root and gives the document the language's direction, title and description", () => {
    const html = withFirstScreen(INDEX, "en", "<h1>Find your village</h1>", { title: "Home — Roots", description: `Say "hi" & <go>` });
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain("<title>Home — Roots</title>");
    expect(html).toContain('<meta name="description" content="Say &quot;hi&quot; &amp; &lt;go>" />');
    expect(html).toContain('<div id="root" inert><h1>Find your village</h1></div>');
    expect(withFirstScreen(INDEX, "ar", "", { title: "t", description: "d" })).toContain('<html lang="ar" dir="rtl">');
  });

  it("keeps a screen's text as text, even where it looks like a replacement pattern", () => {
    expect(withFirstScreen(INDEX, "fr", "<p>$& $1 $$</p>", { title: "$&", description: "d" })).toContain(
      '<div id="root" inert><p>$& $1 $$</p></div>',
    );
  });

  it("refuses an index.html it cannot place the screen in, rather than sending a blank page", () => {
    expect(() => withFirstScreen(INDEX.replace('<div id="root"></div>', ""), "ar", "<p/>", { title: "t", description: "d" })).toThrow(
      /root/,
    );
  });

  it("links the stylesheets and scripts of the lazy chunks the screen used, once, and none index.html has", () => {
    const manifest = {
      "index.html": { file: "assets/index-a.js", isEntry: true, imports: ["_shell.js"] },
      "_shell.js": { file: "assets/shell-c.js", css: ["assets/shell-b.css"] },
      "src/features/home/pages/HomePage.tsx": {
        file: "assets/HomePage-d.js",
        isDynamicEntry: true,
        imports: ["_shell.js", "_map.js"],
        css: ["assets/HomePage-e.css"],
      },
      "_map.js": { file: "assets/map-f.js", css: ["assets/map-g.css"], imports: ["_shell.js"] },
      "src/features/villages/pages/VillagesPage.tsx": { file: "assets/VillagesPage-h.js", isDynamicEntry: true },
    };
    const links = chunkLinks(manifest, ["src/app/router.tsx", "src/features/home/pages/HomePage.tsx"], INDEX);
    expect(links.match(/href="[^"]+"/g)).toEqual([
      'href="/assets/HomePage-e.css"',
      'href="/assets/map-g.css"',
      'href="/assets/HomePage-d.js"',
      'href="/assets/shell-c.js"',
      'href="/assets/map-f.js"',
    ]);
    expect(links).toContain('<link rel="stylesheet" crossorigin href="/assets/HomePage-e.css">');
    expect(links).toContain('<link rel="modulepreload" crossorigin href="/assets/map-f.js">');
    expect(chunkLinks(manifest, ["src/app/router.tsx"], INDEX)).toBe("");
  });
});
