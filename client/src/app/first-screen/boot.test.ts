import { afterEach, describe, expect, it, vi } from "vitest";
import { boot } from "./boot";

type PaintCallback = (entries: { getEntriesByName: (name: string) => unknown[] }, observer: { disconnect: () => void }) => void;

/** This document with a paint observer the test fires by hand (jsdom has none), as a window. */
function page(visibility: DocumentVisibilityState = "visible") {
  const observers: PaintCallback[] = [];
  class Observer {
    static supportedEntryTypes = ["paint"];
    constructor(callback: PaintCallback) {
      observers.push(callback);
    }
    observe() {}
    disconnect() {}
  }
  vi.spyOn(document, "visibilityState", "get").mockReturnValue(visibility);
  const win = Object.assign(Object.create(window), { document, PerformanceObserver: Observer, setTimeout: window.setTimeout.bind(window) });
  const paint = (name: string) => observers.forEach((cb) => cb({ getEntriesByName: (n) => (n === name ? [{}] : []) }, { disconnect() {} }));
  return { win: win as Window & typeof globalThis, paint };
}

const tag = () => {
  const script = document.createElement("script");
  script.setAttribute("data-entry", "/assets/index-a.js");
  script.setAttribute("data-preload", "/assets/shell-b.js /assets/HomePage-c.js");
  return script;
};
const started = () => document.head.querySelectorAll('script[type="module"][src="/assets/index-a.js"]').length;
const preloaded = () => [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute("href"));

describe("the first screen's boot script", () => {
  afterEach(() => {
    document.head.innerHTML = "";
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("starts the app only after the screen's first contentful paint, once", () => {
    vi.useFakeTimers();
    const { win, paint } = page();
    boot(tag(), win);
    vi.advanceTimersByTime(100);
    expect(started()).toBe(0);
    paint("first-paint");
    vi.advanceTimersByTime(100);
    expect(started()).toBe(0);
    paint("first-contentful-paint");
    vi.advanceTimersByTime(0);
    expect(started()).toBe(1);
    expect(preloaded()).toEqual(["/assets/shell-b.js", "/assets/HomePage-c.js"]);
    vi.advanceTimersByTime(5000);
    expect(started()).toBe(1);
  });

  it("starts it anyway when nothing is painted in 3 s, so the page is never left without its app", () => {
    vi.useFakeTimers();
    const { win } = page();
    boot(tag(), win);
    vi.advanceTimersByTime(2999);
    expect(started()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(started()).toBe(1);
  });

  it("starts it at once in a tab opened in the background, and where paints cannot be observed", () => {
    boot(tag(), page("hidden").win);
    expect(started()).toBe(1);
    document.head.innerHTML = "";
    vi.restoreAllMocks();
    boot(tag(), Object.assign(Object.create(window), { document, PerformanceObserver: undefined }));
    expect(started()).toBe(1);
  });

  it("holds a page the server rendered whole inert until the app takes it over, and gives it back if the app cannot load", () => {
    document.body.innerHTML = '<div id="root"><a href="/villages">Villages</a></div>';
    const root = document.getElementById("root")!;
    boot(tag(), page("hidden").win);
    expect(root.hasAttribute("inert")).toBe(true);
    expect(root.getAttribute("aria-disabled")).toBe("true");
    document.head.querySelector('script[type="module"]')!.dispatchEvent(new Event("error"));
    expect(root.hasAttribute("inert")).toBe(false);
    expect(root.hasAttribute("aria-disabled")).toBe(false);
    // A first screen is inert from the start (build.ts) and stays so: the app replaces it.
    document.head.innerHTML = "";
    document.body.innerHTML = '<div id="root" inert><h1>Roots</h1></div>';
    boot(tag(), page("hidden").win);
    document.head.querySelector('script[type="module"]')!.dispatchEvent(new Event("error"));
    expect(document.getElementById("root")!.hasAttribute("inert")).toBe(true);
    document.body.innerHTML = "";
  });
});
