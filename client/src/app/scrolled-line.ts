import { useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";

/**
 * On a phone the site's links and the member's each share one line that scrolls sideways
 * (`.scroll-line`, styles.css): the link of the page shown is scrolled to its middle, and the line
 * says when more links lie past its start or end (`data-more`, drawn as a fade there), so a
 * cut-off link reads as "scroll for more" in every language, however long its words.
 */
export function useScrolledLine<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const line = ref.current;
    if (!line) return;
    const mark = () => {
      const before = Math.abs(line.scrollLeft) > 1;
      const after = line.scrollWidth - line.clientWidth - Math.abs(line.scrollLeft) > 1;
      const more = before && after ? "both" : before ? "start" : after ? "end" : null;
      if (more) line.dataset.more = more;
      else delete line.dataset.more;
    };
    if (typeof ResizeObserver === "undefined") return; // (no layout: jsdom)
    // Centred on the line, clear of the fade (sideways only: the page itself must not scroll up).
    const active = line.querySelector("a.active")?.getBoundingClientRect();
    const box = line.getBoundingClientRect();
    if (active) line.scrollLeft += active.left + active.width / 2 - (box.left + box.width / 2);
    mark();
    const resized = new ResizeObserver(mark);
    resized.observe(line);
    line.addEventListener("scroll", mark, { passive: true });
    return () => {
      resized.disconnect();
      line.removeEventListener("scroll", mark);
    };
  }, [pathname]);
  return ref;
}
