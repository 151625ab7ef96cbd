import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router-dom";

/**
 * The phone header's menu (styles.css: `.header[data-menu="open"] .header__menu`): the button
 * opens and closes it; it closes when a page is opened from it, on Escape (focus back on the
 * button) and on a tap outside the header. Opening moves focus to its first link.
 */
export function useHeaderMenu() {
  const [open, setOpen] = useState(false);
  const header = useRef<HTMLElement>(null);
  const { pathname, search } = useLocation();
  const toggle = useCallback(() => setOpen((o) => !o), []);
  // A page opened (from the menu or elsewhere) closes it.
  const at = pathname + search;
  const [shownAt, setShownAt] = useState(at);
  if (shownAt !== at) {
    setShownAt(at);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const root = header.current;
    root?.querySelector<HTMLElement>(".header__menu a, .header__menu button")?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      root?.querySelector<HTMLElement>(".header__menu-button")?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (root && !root.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);
  return { open, toggle, header };
}
