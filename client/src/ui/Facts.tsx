import type { ReactNode } from "react";
import "./facts.css";

export interface Fact {
  label: ReactNode;
  value: ReactNode;
  /** Skip the row when there is nothing to say. */
  hidden?: boolean;
}

/**
 * Label and value pairs (district, coordinates, birth): labels in one column, values beside
 * them, both aligned to the reading start, so a left-to-right value (coordinates, written with
 * LtrValue) sits next to its Arabic label instead of across the page. Stacks on a phone.
 */
export function Facts({ items, className }: { items: readonly Fact[]; className?: string }) {
  return (
    <dl className={className ? `facts ${className}` : "facts"}>
      {items
        .filter((f) => !f.hidden)
        .map((f, i) => (
          <div key={i} className="facts__row">
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
    </dl>
  );
}
