/** Holds the map's place while its code loads, so the page does not jump. */
export function MapPlaceholder({ label }: { label: string }) {
  return (
    <div className="lb-map-placeholder" role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
