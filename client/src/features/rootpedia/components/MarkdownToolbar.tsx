import { useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import type { Format } from "./markdownEdits";

export type ToolbarAction = Format | "cite" | "photo";

const ACTIONS: { action: ToolbarAction; key: `rootpedia.toolbar.${ToolbarAction}`; shortcut?: string }[] = [
  { action: "heading", key: "rootpedia.toolbar.heading" },
  { action: "bold", key: "rootpedia.toolbar.bold", shortcut: "B" },
  { action: "italic", key: "rootpedia.toolbar.italic", shortcut: "I" },
  { action: "list", key: "rootpedia.toolbar.list" },
  { action: "link", key: "rootpedia.toolbar.link", shortcut: "K" },
  { action: "cite", key: "rootpedia.toolbar.cite" },
  { action: "photo", key: "rootpedia.toolbar.photo" },
];

/** The keyboard shortcut (Ctrl or ⌘ with a letter) of a format, if it has one. */
export const shortcutOf = (key: string): Format | null =>
  (ACTIONS.find((a) => a.shortcut === key.toUpperCase())?.action as Format | undefined) ?? null;

/** Whether the element sits in right-to-left text (the nearest `dir` decides). */
const isRtl = (el: HTMLElement) => (el.closest("[dir]")?.getAttribute("dir") ?? document.documentElement.dir) === "rtl";

/**
 * The Markdown field's toolbar: heading, bold, italic, list, link, cite a record, insert a photo.
 * A toolbar as WAI-ARIA describes it: one tab stop, arrow keys move along it in the reading
 * direction, Home and End go to its ends. Each button is named in words (bold shown bold).
 */
export function MarkdownToolbar({ controls, onAction }: { controls: string; onAction: (action: ToolbarAction) => void }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(0);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const forward = isRtl(e.currentTarget) ? "ArrowLeft" : "ArrowRight";
    const back = forward === "ArrowLeft" ? "ArrowRight" : "ArrowLeft";
    const to =
      e.key === forward ? current + 1 : e.key === back ? current - 1 : e.key === "Home" ? 0 : e.key === "End" ? ACTIONS.length - 1 : null;
    if (to === null) return;
    e.preventDefault();
    const next = (to + ACTIONS.length) % ACTIONS.length;
    setCurrent(next);
    e.currentTarget.querySelectorAll<HTMLButtonElement>("button")[next]?.focus();
  };
  return (
    <div
      className="rootpedia-toolbar"
      role="toolbar"
      aria-label={t("rootpedia.toolbar.label")}
      aria-controls={controls}
      onKeyDown={onKeyDown}
    >
      {ACTIONS.map(({ action, key, shortcut }, i) => (
        <button
          key={action}
          type="button"
          className={`rootpedia-toolbar__button rootpedia-toolbar__button--${action}`}
          tabIndex={i === current ? 0 : -1}
          title={shortcut ? `${t(key)} (Ctrl+${shortcut})` : undefined}
          aria-keyshortcuts={shortcut ? `Control+${shortcut} Meta+${shortcut}` : undefined}
          // The text keeps its selection while a button is pressed.
          onMouseDown={(e) => e.preventDefault()}
          onFocus={() => setCurrent(i)}
          onClick={() => onAction(action)}
          data-testid={`rootpedia-toolbar-${action}`}
        >
          {t(key)}
        </button>
      ))}
    </div>
  );
}
