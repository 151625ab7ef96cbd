import "./feedback.css";

/**
 * Grey shapes where content is coming, so the page does not jump when it arrives. Screen
 * readers hear one "Loading" (the label), not the shapes.
 */
export function Skeleton({ label, lines = 3, variant = "text" }: { label: string; lines?: number; variant?: "text" | "card" | "row" }) {
  return (
    <div className={`skeleton skeleton--${variant}`} role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className="skeleton__bar" aria-hidden="true" />
      ))}
    </div>
  );
}
