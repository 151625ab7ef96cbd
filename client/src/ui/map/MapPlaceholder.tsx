import "./map-frame.css";

/**
 * Holds the map's place while its code loads, so the page does not jump: the country's 4:5, or a
 * still map's square frame (`still`, as LebanonMap draws a `fitCaza` map), with the caption's line.
 */
export function MapPlaceholder({ label, still = false, caption }: { label: string; still?: boolean; caption?: string }) {
  return (
    <>
      <div className={still ? "lb-map-placeholder lb-map-placeholder--still" : "lb-map-placeholder"} role="status" aria-live="polite">
        <span className="visually-hidden">{label}</span>
      </div>
      {caption && (
        <p className="lb-map__caption" aria-hidden="true">
          {caption}
        </p>
      )}
    </>
  );
}
