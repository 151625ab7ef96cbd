import naskhArabic400 from "@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-arabic-400-normal.woff2?url";

/**
 * Starts the download of the face Arabic pages' text is set in (Noto Naskh Arabic 400; fonts.css
 * names the same file) beside fonts.css, rather than after it has arrived and been read. Other
 * languages' and weights' faces load as text asks for them (font-display: swap).
 */
export function preloadFirstFont(lang: string): void {
  if (lang !== "ar" || document.querySelector(`link[rel="preload"][href="${naskhArabic400}"]`)) return;
  const link = Object.assign(document.createElement("link"), { rel: "preload", as: "font", type: "font/woff2", href: naskhArabic400 });
  link.crossOrigin = "";
  document.head.appendChild(link);
}
