import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const tokensCss = readFileSync(`${__dirname}/tokens.css`, "utf8");

/** The colour tokens as written in tokens.css (hex only: every colour token is one). */
const tokens = new Map([...tokensCss.matchAll(/--(color-[a-z-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map((m) => [m[1], m[2]]));

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
/** WCAG 2 contrast ratio of two colours. */
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

/** Every pair the stylesheets use for reading text: foreground token on background token. */
const TEXT_PAIRS: [string, string][] = [
  ["color-ink", "color-bg"],
  ["color-ink", "color-surface"],
  ["color-ink", "color-surface-sunken"],
  ["color-muted", "color-bg"],
  ["color-muted", "color-surface"],
  ["color-muted", "color-surface-sunken"],
  ["color-primary", "color-bg"],
  ["color-primary", "color-surface"],
  ["color-primary", "color-primary-soft"],
  ["color-primary-strong", "color-surface"],
  ["color-on-primary", "color-primary"],
  ["color-on-primary", "color-primary-strong"],
  ["color-on-red", "color-red"],
  ["color-red-text", "color-surface"],
  ["color-red-text", "color-red-soft"],
  ["color-green-text", "color-surface"],
  ["color-green-text", "color-green-soft"],
  ["color-gold-text", "color-surface"],
  ["color-gold-text", "color-gold-soft"],
  ["color-orange-text", "color-surface"],
  ["color-orange-text", "color-orange-soft"],
  ["color-ink", "color-gold"],
];

describe("design tokens", () => {
  it("keep the brand colours of the spec", () => {
    expect(tokens.get("color-primary")).toBe("#2d5ba8");
    expect(tokens.get("color-green")).toBe("#228b22");
    expect(tokens.get("color-red")).toBe("#dc143c");
    expect(tokens.get("color-gold")).toBe("#daa520");
  });

  it.each(TEXT_PAIRS)("%s on %s reaches WCAG AA for body text (4.5:1)", (fg, bg) => {
    expect(tokens.has(fg) && tokens.has(bg)).toBe(true);
    expect(contrast(tokens.get(fg)!, tokens.get(bg)!)).toBeGreaterThanOrEqual(4.5);
  });

  it("the ratio is the WCAG one (black on white is 21:1, gold on white fails)", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast(tokens.get("color-gold")!, tokens.get("color-surface")!)).toBeLessThan(4.5);
  });
});
