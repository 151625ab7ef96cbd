import fontsCss from "./fonts.css?url";

/**
 * Links the faces (fonts.css) once the app starts. They are left out of the stylesheet a page
 * waits for: the first screen paints in the system's faces at once, then takes Roots' faces as
 * they arrive (font-display: swap), instead of sharing a slow connection with them before the
 * first paint.
 */
export function loadFonts(): void {
  if (document.querySelector(`link[rel="stylesheet"][href="${fontsCss}"]`)) return;
  document.head.appendChild(Object.assign(document.createElement("link"), { rel: "stylesheet", href: fontsCss }));
}
