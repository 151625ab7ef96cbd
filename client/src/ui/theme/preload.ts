import naskhArabic400 from "@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-arabic-400-normal.woff2?url";

/**
 * Starts the download of the one face an Arabic first screen needs (its body text, Noto Naskh
 * Arabic 400; fonts.css names the same file) before the page is drawn, so its text does not
 * reflow late. Other languages' and weights' faces load as text asks for them (font-display: swap).
 */
export function preloadFirstFont(lang: string): void {
  // A first screen sent by the server already asks for it (app/first-screen/build.ts).
  if (lang !== "ar" || document.querySelector(`link[rel="preload"][href="${naskhArabic400}"]`)) return;
  const link = Object.assign(document.createElement("link"), { rel: "preload", as: "font", type: "font/woff2", href: naskhArabic400 });
  link.crossOrigin = "";
  document.head.appendChild(link);
}
