import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The slots the server fills in a page's template (as the client build writes them). */
export const SLOTS = { page: "<!--roots:page-->", title: "%ROOTS_TITLE%", data: "<!--roots:data-->" };

/**
 * A stand-in for the client build (`CLIENT_DIST`): its templates, routes and first screens as the
 * server reads them, with `renderer` as `.server/server-render.js` (village pages rendered with
 * their data). Answers the folder and a function that removes it.
 */
export function fakeClientDist(renderer: string): { dist: string; remove: () => void } {
  const dist = mkdtempSync(join(tmpdir(), "roots-dist-"));
  mkdirSync(join(dist, ".server"));
  writeFileSync(join(dist, ".server", "server-render.js"), renderer);
  writeFileSync(join(dist, "index.html"), `<!doctype html><title>Roots</title><div id="root"></div>`);
  writeFileSync(join(dist, "routes.json"), JSON.stringify({ routes: ["/", "/libanpedia/:villageId"] }));
  writeFileSync(
    join(dist, "first-screens.json"),
    JSON.stringify({ pages: {}, frame: "frame", rendered: { "/libanpedia/:villageId": "rendered-0" }, slots: SLOTS }),
  );
  for (const lang of ["ar", "en", "fr"]) {
    writeFileSync(join(dist, `index.frame.${lang}.html`), `<!doctype html><title>Roots</title><div id="root">frame</div>`);
    writeFileSync(
      join(dist, `index.rendered-0.${lang}.html`),
      `<!doctype html><title>${SLOTS.title}</title><div id="root">${SLOTS.page}</div>${SLOTS.data}`,
    );
  }
  return { dist, remove: () => rmSync(dist, { recursive: true, force: true }) };
}
