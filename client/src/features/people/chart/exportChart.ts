export const CHART_FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Naskh Arabic', sans-serif";

const SVG_NS = "http://www.w3.org/2000/svg";

async function dataUrl(url: string): Promise<string | null> {
  try {
    const blob = await (await fetch(url)).blob();
    return await new Promise((resolve) => {
      const r = new FileReader();
      r.onload = () => resolve(String(r.result));
      r.onerror = () => resolve(null);
      r.readAsDataURL(blob);
    });
  } catch {
    return null;
  }
}

/** The self-hosted Arabic font files the page itself loaded (from its @font-face rules). */
function pageArabicFonts(): { url: string; weight: string; range: string }[] {
  const found: { url: string; weight: string; range: string }[] = [];
  for (const sheet of Array.from(document.styleSheets)) {
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      continue; // another origin's stylesheet
    }
    for (const rule of Array.from(rules)) {
      if (!(rule instanceof CSSFontFaceRule) || !rule.style.getPropertyValue("font-family").includes("Noto Naskh Arabic")) continue;
      const m = /url\(["']?([^"')]+\.woff2[^"')]*)["']?\)/.exec(rule.style.getPropertyValue("src"));
      if (!m) continue;
      found.push({
        url: new URL(m[1], sheet.href ?? window.location.href).href,
        weight: rule.style.getPropertyValue("font-weight") || "400",
        range: rule.style.getPropertyValue("unicode-range"),
      });
    }
  }
  return found;
}

/**
 * The font embedded in exported files: a standalone SVG (or one drawn on a canvas) cannot
 * reach the page's fonts, and Arabic must still render with Noto Naskh Arabic.
 */
async function fontFaces(): Promise<string> {
  const faces = await Promise.all(
    pageArabicFonts().map(async ({ url, weight, range }) => {
      const src = await dataUrl(url);
      return src
        ? `@font-face{font-family:'Noto Naskh Arabic';font-weight:${weight};src:url(${src}) format('woff2');${range ? `unicode-range:${range};` : ""}}`
        : "";
    }),
  );
  return faces.join("");
}

/**
 * A standalone SVG file of the drawing: the zoom/pan transform removed, the full drawing in
 * its own size, styles and the Arabic font embedded.
 */
export async function serialiseSvg(svg: SVGSVGElement, width: number, height: number): Promise<string> {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute("xmlns", SVG_NS);
  clone.setAttribute("width", String(width));
  clone.setAttribute("height", String(height));
  clone.setAttribute("viewBox", `0 0 ${width} ${height}`);
  clone.setAttribute("font-family", CHART_FONT);
  clone.removeAttribute("class");
  clone.querySelectorAll("[data-viewport]").forEach((g) => g.removeAttribute("transform"));
  // The chosen card's highlight belongs to the screen, not to the file.
  clone.querySelectorAll("[data-selected]").forEach((r) => {
    r.setAttribute("stroke", "#cfd6c9");
    r.setAttribute("stroke-width", "1.2");
    r.removeAttribute("data-selected");
  });
  const style = document.createElementNS(SVG_NS, "style");
  // Fonts only: a CSS rule for text would override the Arabic names' own font-family attribute.
  style.textContent = await fontFaces();
  clone.insertBefore(style, clone.firstChild);
  const bg = document.createElementNS(SVG_NS, "rect");
  for (const [k, v] of Object.entries({ x: "0", y: "0", width: String(width), height: String(height), fill: "#ffffff" }))
    bg.setAttribute(k, v);
  clone.insertBefore(bg, style.nextSibling);
  return `<?xml version="1.0" encoding="UTF-8"?>\n` + new XMLSerializer().serializeToString(clone);
}

/** A file name from the root person's name: letters of any script kept, the rest dashes. */
export function fileNameFor(name: string, suffix: string, ext: string): string {
  const base =
    name
      .normalize("NFC")
      .replace(/[^\p{L}\p{N}]+/gu, "-")
      .replace(/^-+|-+$/g, "") || "tree";
  return `${base}-${suffix}.${ext}`;
}

function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function exportSvg(svg: SVGSVGElement, width: number, height: number, name: string): Promise<void> {
  const text = await serialiseSvg(svg, width, height);
  download(new Blob([text], { type: "image/svg+xml" }), name);
}

/** PNG at twice the drawing's size, drawn from the standalone SVG so both exports match. */
export async function exportPng(svg: SVGSVGElement, width: number, height: number, name: string): Promise<void> {
  const text = await serialiseSvg(svg, width, height);
  const url = URL.createObjectURL(new Blob([text], { type: "image/svg+xml" }));
  try {
    const img = new Image();
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error("svg image"));
      img.src = url;
    });
    const canvas = document.createElement("canvas");
    canvas.width = width * 2;
    canvas.height = height * 2;
    const ctx = canvas.getContext("2d")!;
    ctx.scale(2, 2);
    ctx.drawImage(img, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
    if (blob) download(blob, name);
  } finally {
    URL.revokeObjectURL(url);
  }
}
