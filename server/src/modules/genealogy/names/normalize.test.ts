import { describe, expect, it } from "@jest/globals";
import { normalizeArabic, normalizeLatin, skeleton } from "./normalize.js";

describe("Arabic normalisation", () => {
  it("drops diacritics and tatweel, folds alef, hamza, ى and ة forms", () => {
    expect(normalizeArabic("زَحْلَة")).toBe("زحله");
    expect(normalizeArabic("بيـــروت")).toBe("بيروت");
    expect(normalizeArabic("إهدن")).toBe(normalizeArabic("اهدن"));
    expect(normalizeArabic("مصطفى")).toBe("مصطفي");
    expect(normalizeArabic("مؤمن")).toBe("مومن");
    expect(normalizeArabic("جبیل")).toBe("جبيل");
    expect(normalizeArabic("زحلہ")).toBe(normalizeArabic("زحلة"));
    expect(normalizeArabic("بھمدون")).toBe("بهمدون");
  });

  it("drops the article ال", () => {
    expect(normalizeArabic("الخوري")).toBe("خوري");
    expect(normalizeArabic("دير القمر")).toBe("دير قمر");
  });
});

describe("Latin normalisation", () => {
  it("drops accents, case, apostrophes, hyphens and articles", () => {
    expect(normalizeLatin("Zahlé")).toBe("zahle");
    expect(normalizeLatin("Aïn ed Delbé")).toBe("ain delbe");
    expect(normalizeLatin("El-Khoury")).toBe("khoury");
    expect(normalizeLatin("Deir el Qamar")).toBe("deir qamar");
    expect(normalizeLatin("B‘abda")).toBe("babda");
    // The same articles as the cross-script key's (skeleton.ts), every one of them.
    expect(normalizeLatin("Abd ul Karim")).toBe(normalizeLatin("Abd el-Karim"));
    expect(normalizeLatin("Esh Shidiaq")).toBe("shidiaq");
    expect(normalizeLatin("Ech-Chaar")).toBe("chaar");
    // A lone article, or one at the end, is a word of the name.
    expect(normalizeLatin("El")).toBe("el");
    expect(normalizeLatin("Beit El")).toBe("beit el");
  });
});

describe("cross-script skeleton", () => {
  const same: [string, string[]][] = [
    ["زحلة", ["Zahle", "Zahlé", "Zahleh", "zahle"]],
    ["بشري", ["Bcharré", "Bsharri", "Becharre"]],
    ["الخوري", ["Khoury", "Khouri", "El Khoury", "El-Khoury"]],
    ["يوسف", ["Youssef", "Yousef", "Yusuf"]],
    ["دير القمر", ["Deir el Qamar", "Deir al-Qamar", "Dayr al Qamar"]],
    ["الشوف", ["Chouf", "Shouf", "Ash Shuf"]],
    ["عين", ["Aïn", "Ain"]],
  ];
  for (const [arabic, latin] of same) {
    it(`${arabic} = ${latin.join(" = ")}`, () => {
      const key = skeleton(arabic);
      expect(key.length).toBeGreaterThan(0);
      for (const l of latin) expect(skeleton(l)).toBe(key);
    });
  }

  it("tells different names apart", () => {
    expect(skeleton("Zahle")).not.toBe(skeleton("Zgharta"));
    expect(skeleton("Haddad")).not.toBe(skeleton("Khoury"));
  });
});

describe("French soft g", () => {
  it("reads a French soft g as ج", () => {
    expect(skeleton("Gemayel")).toBe(skeleton("الجميل"));
    expect(skeleton("Frangieh")).toBe(skeleton("فرنجية"));
    expect(skeleton("Zgharta")).toBe(skeleton("زغرتا"));
  });
});
