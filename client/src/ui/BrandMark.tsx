/**
 * Roots' mark (the cedar on blue), drawn in the page: the same drawing as the tab's icon
 * (public/favicon.svg). Inline, it costs no request and no separate SVG document to start.
 */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg className="brand-mark" viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#2D5BA8" />
      <path d="M32 10 14 40h12l-6 10h24l-6-10h12z" fill="#228B22" />
      <rect x="29" y="48" width="6" height="8" fill="#DAA520" />
    </svg>
  );
}
