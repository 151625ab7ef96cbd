import { describe, expect, it } from "vitest";
import { chunkAssets, withFirstScreen } from "./build";

const INDEX = `<!doctype html>
<html lang="ar" dir="rtl">
  <head>
    <meta name="description" content="old" />
    <title>Roots</title>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/shell-c.js">
    <link rel="stylesheet" crossorigin href="/assets/shell-b.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const NONE = { css: [], js: [], boot: "/assets/boot-x.js" };

describe("a page's first screen in the built HTML", () => {
  it("puts the screen in #root and gives the document the language's direction, title and description", () => {
    const html = withFirstScreen(
      INDEX,
      "en",
      "<h1>Find your village</h1>",
      { title: "Home — Roots", description: `Say "hi" & <go>` },
      NONE,
    );
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain("<title>Home — Roots</title>");
    expect(html).toContain('<meta name="description" content="Say &quot;hi&quot; &amp; &lt;go>" />');
    expect(html).toContain('<div id="root" inert><h1>Find your village</h1></div>');
    expect(withFirstScreen(INDEX, "ar", "", { title: "t", description: "d" }, NONE)).toContain('<html lang="ar" dir="rtl">');
  });

  it("leaves a page the server renders whole usable before the app takes over (not inert), and every other screen inert", () => {
    const slot = "<!--roots:page-->";
    expect(withFirstScreen(INDEX, "en", slot, { title: "t", description: "d" }, { ...NONE, whole: true })).toContain(
      `<div id="root">${slot}</div>`,
    );
    expect(withFirstScreen(INDEX, "en", slot, { title: "t", description: "d" }, NONE)).toContain(`<div id="root" inert>${slot}</div>`);
  });

  it("keeps a screen's text as text, even where it looks like a replacement pattern", () => {
    expect(withFirstScreen(INDEX, "fr", "<p>$& $1 $$</p>", { title: "$&", description: "d" }, NONE)).toContain(
      '<div id="root" inert><p>$& $1 $$</p></div>',
    );
  });

  it("refuses an index.html it cannot place the screen in, rather than sending a blank page", () => {
    expect(() => withFirstScreen(INDEX.replace('<div id="root"></div>', ""), "ar", "<p/>", { title: "t", description: "d" }, NONE)).toThrow(
      /root/,
    );
    expect(() => withFirstScreen(INDEX.replace(/<script.*<\/script>/, ""), "ar", "<p/>", { title: "t", description: "d" }, NONE)).toThrow(
      /module script/,
    );
  });

  it("leaves the page's stylesheets where they are, fetches its text faces at once, and hands its scripts to the boot script, to start after the first paint", () => {
    const html = withFirstScreen(
      INDEX,
      "ar",
      "<h1>جذور</h1>",
      { title: "t", description: "d" },
      {
        css: ["assets/HomePage-e.css"],
        js: ["assets/HomePage-d.js"],
        boot: "/assets/boot-x.js",
        fonts: ["assets/naskh-400.woff2"],
      },
    );
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/shell-b.css">');
    expect(html).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/HomePage-e.css"><link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/naskh-400.woff2"><script defer src="/assets/boot-x.js" data-entry="/assets/index-a.js" data-preload="/assets/shell-c.js /assets/HomePage-d.js"></script></head>',
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
    expect(chunkAssets(manifest, ["src/app/router.tsx", "src/features/home/pages/HomePage.tsx"], INDEX)).toEqual({
      css: ["assets/HomePage-e.css", "assets/map-g.css"],
      js: ["assets/HomePage-d.js", "assets/map-f.js"],
    });
    expect(chunkAssets(manifest, ["src/app/router.tsx"], INDEX)).toEqual({ css: [], js: [] });
  });

  it("for a page the server renders whole, also links the stylesheets of the parts it loads lazily, but not of every page the shell loads lazily", () => {
    const manifest = {
      "index.html": { file: "assets/index-a.js", isEntry: true, imports: ["_shell.js"] },
      "_shell.js": {
        file: "assets/shell-c.js",
        css: ["assets/shell-b.css"],
        dynamicImports: ["src/features/villages/pages/VillagePage.tsx", "src/features/home/pages/HomePage.tsx"],
      },
      "src/features/villages/pages/VillagePage.tsx": {
        file: "assets/VillagePage-d.js",
        isDynamicEntry: true,
        imports: ["_shell.js"],
        dynamicImports: ["src/ui/map/LebanonMap.tsx"],
        css: ["assets/villages-e.css"],
      },
      "src/ui/map/LebanonMap.tsx": {
        file: "assets/LebanonMap-f.js",
        isDynamicEntry: true,
        imports: ["_map.js"],
        dynamicImports: ["_far.js"],
      },
      "_map.js": { file: "assets/map-g.js", css: ["assets/map-h.css"] },
      "_far.js": { file: "assets/far-i.js", css: ["assets/far-j.css"] },
      "src/features/home/pages/HomePage.tsx": { file: "assets/HomePage-k.js", isDynamicEntry: true, css: ["assets/HomePage-l.css"] },
    };
    const page = ["src/features/villages/pages/VillagePage.tsx"];
    expect(chunkAssets(manifest, page, INDEX, { lazyCss: true })).toEqual({
      css: ["assets/villages-e.css", "assets/map-h.css"],
      js: ["assets/VillagePage-d.js"],
    });
    expect(chunkAssets(manifest, page, INDEX)).toEqual({ css: ["assets/villages-e.css"], js: ["assets/VillagePage-d.js"] });
  });
});
