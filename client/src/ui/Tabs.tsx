import { useId, type KeyboardEvent, type ReactNode } from "react";
import "./tabs.css";

export interface TabItem<K extends string> {
  id: K;
  label: ReactNode;
}

/** Whether the element sits in right-to-left text (the nearest `dir` decides, as the browser does). */
const isRtl = (el: HTMLElement) => (el.closest("[dir]")?.getAttribute("dir") ?? document.documentElement.dir) === "rtl";

/**
 * Tabs as WAI-ARIA describes them: one tab stop for the list, arrow keys move between tabs (the
 * arrow that points forward in the reading direction goes to the next tab, so in Arabic it is
 * the left one), Home and End go to the first and last; a tab is chosen when it gets focus.
 * The panel shows `children`, labelled by the chosen tab; a page that draws its own panel
 * passes its id as `panelId` instead.
 */
export function Tabs<K extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
  panelId: ownPanel,
}: {
  label: string;
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect: (id: K) => void;
  children?: ReactNode;
  panelId?: string;
}) {
  const base = useId();
  const tabId = (k: K) => `${base}-tab-${k}`;
  const panelId = ownPanel ?? `${base}-panel`;
  const go = (index: number) => {
    const next = tabs[(index + tabs.length) % tabs.length];
    onSelect(next.id);
    document.getElementById(tabId(next.id))?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const current = tabs.findIndex((tab) => tab.id === selected);
    const forward = isRtl(e.currentTarget) ? "ArrowLeft" : "ArrowRight";
    const back = forward === "ArrowLeft" ? "ArrowRight" : "ArrowLeft";
    const to =
      e.key === forward ? current + 1 : e.key === back ? current - 1 : e.key === "Home" ? 0 : e.key === "End" ? tabs.length - 1 : null;
    if (to === null) return;
    e.preventDefault();
    go(to);
  };
  return (
    <div className="tabs-block">
      <div className="tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            id={tabId(tab.id)}
            type="button"
            role="tab"
            className={tab.id === selected ? "tab tab--active" : "tab"}
            aria-selected={tab.id === selected}
            aria-controls={children !== undefined || ownPanel ? panelId : undefined}
            tabIndex={tab.id === selected ? 0 : -1}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {children !== undefined && (
        <div id={panelId} role="tabpanel" aria-labelledby={tabId(selected)} className="tabs__panel" tabIndex={0}>
          {children}
        </div>
      )}
    </div>
  );
}
