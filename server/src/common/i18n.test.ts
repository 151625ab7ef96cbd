import { describe, expect, it } from "@jest/globals";
import { negotiateLanguage, parseTranslationsCsv, runtimeKey, translate } from "./i18n.js";

describe("server messages", () => {
  it("come from the shared CSV in every language", () => {
    expect(translate("errors.not_found", "en")).toBe("Not found.");
    expect(translate("errors.not_found", "ar")).toBe("غير موجود.");
    expect(translate("errors.not_found", "fr")).toBe("Introuvable.");
    expect(translate("errors.unexpected", "en")).toBe("An unexpected error occurred");
  });

  it("interpolate parameters and show the key when it is missing", () => {
    expect(translate("errors.too_many_ids", "en", { max: 100 })).toBe("Ask for at most 100 ids at once.");
    expect(translate(runtimeKey("no.such.key"), "ar")).toBe("no.such.key");
  });

  it("write a `{{count, number}}` as the reader's language writes numbers", () => {
    expect(translate("auth.password_breach_warning", "en", { count: 52340 })).toContain("appears in 52,340 known");
    expect(translate("auth.password_breach_warning", "ar", { count: 52340 })).toContain("52.340");
    expect(translate("auth.password_breach_warning", "fr", { count: 52340 })).toContain("52\u202f340");
  });

  it("parse quoted CSV cells with commas and newlines; empty cells fall back to English", () => {
    const cat = parseTranslationsCsv('key,label,en,ar,fr\nk1,l,"Hello, ""you""\nthere",,Salut\n');
    expect(cat.en.get("k1")).toBe('Hello, "you"\nthere');
    expect(cat.ar.has("k1")).toBe(false);
    expect(cat.fr.get("k1")).toBe("Salut");
  });
});

describe("language negotiation", () => {
  it("prefers the explicit header, then Accept-Language by weight, then Arabic", () => {
    expect(negotiateLanguage("fr", "en")).toBe("fr");
    expect(negotiateLanguage(undefined, "de-DE,en;q=0.5,fr;q=0.8")).toBe("fr");
    expect(negotiateLanguage(undefined, "en-US")).toBe("en");
    expect(negotiateLanguage(undefined, "de")).toBe("ar");
    expect(negotiateLanguage("xx", undefined)).toBe("ar");
  });
});
