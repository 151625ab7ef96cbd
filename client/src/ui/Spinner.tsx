import "./feedback.css";

/** A centred spinner with a visible, announced label (a whole page loading; lists use Skeleton). */
export function Spinner({ label }: { label: string }) {
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner__wheel" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
