/**
 * The first screen's only script (build.ts writes it out as `assets/boot-<hash>.js`, loaded with
 * `defer`): once the server's copy of the page has been painted, it starts the app — the module
 * entry and the chunks the page will ask for, named in the script tag's `data-entry` and
 * `data-preload`. Until then a slow connection carries only what the first paint needs (the page
 * and its stylesheets), not 110 KB of scripts beside them.
 *
 * A page the server rendered whole (links and all, for readers without JavaScript) is inert from
 * here until the app has taken it over (App.tsx): a button pressed or a choice made before then
 * would do nothing. If the app cannot load, the page is left as it came, usable by its links.
 *
 * It is written out with Function.prototype.toString, so it must stand alone: no imports, nothing
 * from outside but its arguments.
 */
export function boot(script: Element | null, win: Window & typeof globalThis = window): void {
  const doc = win.document;
  const list = (name: string) => (script?.getAttribute(`data-${name}`) ?? "").split(" ").filter(Boolean);
  const add = (tag: "link" | "script", props: Partial<HTMLLinkElement & HTMLScriptElement>) =>
    doc.head.appendChild(Object.assign(doc.createElement(tag), { crossOrigin: "", ...props }));
  const root = doc.getElementById("root");
  const wasInert = root?.hasAttribute("inert") ?? true;
  // Inert, and said to be (assistive technology, and browser automation, wait on it).
  root?.setAttribute("inert", "");
  root?.setAttribute("aria-disabled", "true");
  const usable = () => {
    root?.removeAttribute("aria-disabled");
    if (!wasInert) root?.removeAttribute("inert");
  };
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of list("preload")) add("link", { rel: "modulepreload", href });
    for (const src of list("entry")) add("script", { type: "module", src, onerror: usable });
  };
  const Observer = win.PerformanceObserver;
  // A tab opened in the background paints nothing until it is shown: nothing to wait for.
  if (doc.visibilityState !== "visible" || !Observer?.supportedEntryTypes?.includes("paint")) return start();
  new Observer((entries, observer) => {
    if (!entries.getEntriesByName("first-contentful-paint").length) return;
    observer.disconnect();
    win.setTimeout(start, 0);
  }).observe({ type: "paint", buffered: true });
  // A screen that never paints text (it always has some) must not leave the page dead.
  win.setTimeout(start, 3000);
}
