import { describe, expect, it } from "@jest/globals";
import { EquivalenceIndex, readEquivalentsFile } from "./equivalents.js";
import { explainNameMatch, MatchKind, MatchReason, parseNameQuery } from "./name-search.js";
import { hasArabic, nameKeys } from "./normalize.js";

// The same test the search's SQL makes: every word of the search among a record's stored tokens.
const tokensOf = (name: string) => {
  const keys = hasArabic(name) ? nameKeys([], [name]) : nameKeys([name], []);
  return new Set(`${keys.latin} ${keys.arabic} ${keys.skeleton}`.split(/[\s|]+/).filter(Boolean));
};
const index = new EquivalenceIndex(readEquivalentsFile().map((r, i) => ({ id: String(i), names: r.names })));
const finds = (search: string, stored: string, withEquivalents = false) => {
  const q = parseNameQuery(search, withEquivalents ? index : undefined)!;
  const tokens = tokensOf(stored);
  return q.units.every((u) => [...u.keys, ...u.equivalents].some((k) => tokens.has(k.key)));
};

// [as searched, as stored]
const FUSED_ARTICLES: [string, string][] = [
  ["Elhage", "El Hage"],
  ["Elhage", "al-Hajj"],
  ["Elhage", "الحاج"],
  ["El Hage", "Elhage"],
  ["al-Hajj", "Elhage"],
  ["Abdelnour", "Abdel Nour"],
  ["Abdelnour", "Abd al-Nur"],
  ["Abdelnour", "عبد النور"],
  ["Abdel Nour", "Abdelnour"],
  ["Abd al-Nur", "عبدالنور"],
  ["Abdulnour", "Abd el Nour"],
  ["Elmurr", "El Murr"],
  ["Elmurr", "المر"],
  ["El-Murr", "Elmurr"],
  ["Alameddine", "Alam ed-Din"],
  ["Alameddine", "علم الدين"],
  ["Alam el Din", "Alameddine"],
  ["Nasreddine", "Nasr ed-Dine"],
  ["Zeineddine", "Zein el Dine"],
  ["Nasrallah", "Nasr Allah"],
  ["Nasrallah", "نصر الله"],
  ["نصرالله", "Nasr Allah"],
  ["Abdallah", "Abd Allah"],
  ["Abdullah", "عبد الله"],
  ["Fadlallah", "فضل الله"],
  ["Abou Karam", "Boukaram"],
  ["Aboukaram", "Abou Karam"],
  ["Bucaram", "أبو كرم"],
  ["Bou Khalil", "Abou Khalil"],
  ["Abi Nader", "Abinader"],
  ["Abu Shaqra", "أبو شقرا"],
  ["Joseph Elkhoury", "Joseph El Khoury"],
  ["Elkhoury", "الخوري"],
  ["Essayegh", "Es-Sayegh"],
  ["Abdelmassih", "عبد المسيح"],
];

const LATIN_AMERICAN: [string, string][] = [
  ["Jalil", "Khalil"],
  ["Jalil", "خليل"],
  ["Calil", "Khalil"],
  ["Khalil", "Jalil"],
  ["Jazen", "Khazen"],
  ["Jalaf", "Khalaf"],
  ["Jury", "Khoury"],
  ["Jury", "الخوري"],
  ["Cury", "Khoury"],
  ["Curi", "خوري"],
  ["Chaia", "Shaya"],
  ["Chaia", "شعيا"],
  ["Xaia", "Chaia"],
  ["Xaia", "شعيا"],
  ["Chami", "Shami"],
  ["Xibli", "Chibli"],
  ["Mussa", "Moussa"],
  ["Musa", "موسى"],
  ["Yunes", "Younes"],
  ["Tuma", "Touma"],
  ["Maluf", "Maalouf"],
  ["Maluf", "معلوف"],
  ["Salum", "Saloum"],
  ["Aun", "Aoun"],
  ["Abud", "Abboud"],
  ["Hadad", "Haddad"],
  ["Hadad", "حداد"],
  ["Saade", "Saadeh"],
  ["Saad", "Saadeh"],
  ["Saade", "سعادة"],
  ["Yamil", "Jamil"],
  ["Yamil", "جميل"],
  ["Yabur", "Jabbour"],
  ["Yaber", "جابر"],
  ["Simão", "Semaan"],
  ["Simão", "سمعان"],
  ["Salomão", "Sleiman"],
  ["Salomón", "سليمان"],
  ["Bichara", "Bechara"],
  ["Bixara", "بشارة"],
  ["Zacur", "Zakkour"],
  ["Caram", "Karam"],
  ["Casab", "Kassab"],
  ["Gatas", "Ghattas"],
  ["Zogbi", "Zoghbi"],
  ["Elías", "Elias"],
  ["Nahum", "Nahoum"],
  ["Farah", "فرح"],
  ["Iazbek", "Yazbeck"],
  ["Yazbek", "يزبك"],
  ["Yammine", "Yamine"],
  ["Issa", "Yssa"],
  ["Coelho", "Coelho"],
  ["Assaf", "عساف"],
  ["Asaf", "Assaf"],
  ["Dager", "Dagher"],
  ["Jouri", "Khouri"],
];

const APART: [string, string][] = [
  ["Haddad", "Khoury"],
  ["Jamil", "Kamil"],
  ["Karam", "Jaram"],
  ["Zahle", "Zgharta"],
  ["Abdelnour", "Nour"],
  ["Khalil", "Nakhle"],
  ["Elias", "Ias"],
  ["Haddad", "Douaihy"],
  ["Nasser", "Nassif"],
  ["Hanna", "Boutros"],
];

describe("a search finds a name written with a fused article", () => {
  it.each(FUSED_ARTICLES)(`"%s" finds "%s"`, (search, stored) => expect(finds(search, stored)).toBe(true));
});

describe("a search finds the Spanish and Portuguese renderings of Latin America", () => {
  it.each(LATIN_AMERICAN)(`"%s" finds "%s"`, (search, stored) => {
    expect(finds(search, stored)).toBe(true);
    expect(finds(stored, search)).toBe(true);
  });
});

describe("different names stay apart", () => {
  it.each(APART)(`"%s" does not find "%s"`, (a, b) => expect(finds(a, b)).toBe(false));
});

// Given names in other languages, from the data file (seed-data/names/equivalents.csv).
const EQUIVALENTS: [string, string][] = [
  ["Juan", "Hanna"],
  ["Jean", "يوحنا"],
  ["John", "حنا"],
  ["Giovanni", "Hanna"],
  ["João", "Youhanna"],
  ["Michel", "Mikhael"],
  ["Miguel", "ميخائيل"],
  ["Michael", "Mikhael"],
  ["Simon", "سمعان"],
  ["Simão", "Semaan"],
  ["Antoine", "Tannous"],
  ["Antonio", "طنوس"],
  ["Jacques", "Yaacoub"],
  ["Santiago", "يعقوب"],
  ["Jacob", "Yaacoub"],
  ["Pierre", "Boutros"],
  ["Pedro", "بطرس"],
  ["José", "Youssef"],
  ["Joseph", "يوسف"],
  ["Elie", "Elias"],
  ["Jorge", "Gerges"],
  ["Georges", "جرجس"],
  ["Pablo", "Boulos"],
  ["Paul", "بولس"],
  ["María", "Maryam"],
  ["Marie", "مريم"],
  ["Abraham", "Ibrahim"],
  ["David", "Daoud"],
  ["Salomón", "Sleiman"],
  ["Moïse", "Moussa"],
  ["Moisés", "موسى"],
  ["Toufic", "Tawfiq"],
  ["Étienne", "Estephan"],
  ["Charbel", "شربل"],
];

describe("a search finds a given name's equivalent in another language", () => {
  it.each(EQUIVALENTS)(`"%s" finds "%s"`, (search, stored) => {
    expect(finds(search, stored, true)).toBe(true);
    expect(finds(stored, search, true)).toBe(true);
  });
});

describe("the explanation says what matched", () => {
  it("names the fused article, the Latin-American spelling and the equivalent", () => {
    const why = explainNameMatch(["يوحنا الحاج"], "Juan Elhage", index)!;
    expect(why.kind).toBe(MatchKind.VARIANT);
    expect(why.steps).toEqual([
      { reason: MatchReason.EQUIVALENT, searched: "Juan", matched: "يوحنا" },
      { reason: MatchReason.FUSED_ARTICLE, searched: "Elhage", matched: "الحاج" },
    ]);
    expect(explainNameMatch(["Khalil Nasrallah"], "Jalil", index)!.steps).toEqual([
      { reason: MatchReason.LATIN_AMERICAN, searched: "Jalil", matched: "Khalil" },
    ]);
    expect(explainNameMatch(["George Khoury"], "جورج خوري", index)!.steps[0].reason).toBe(MatchReason.SCRIPT);
    expect(explainNameMatch(["Youssef Khoury"], "Youssef Khoury", index)!).toMatchObject({ kind: MatchKind.EXACT, steps: [] });
  });

  it("ranks exact above spelling variants above equivalents", () => {
    const score = (names: string[], q: string) => explainNameMatch(names, q, index)!.score;
    expect(score(["Juan Haddad"], "Juan Haddad")).toBeGreaterThan(score(["Jouan Hadad"], "Juan Haddad"));
    expect(score(["Jouan Hadad"], "Juan Haddad")).toBeGreaterThan(score(["Jalil Haddad"], "Khalil Haddad"));
    expect(score(["Jalil Haddad"], "Khalil Haddad")).toBeGreaterThan(score(["Hanna Haddad"], "Juan Haddad"));
  });

  it("has large tables", () => {
    expect(FUSED_ARTICLES.length + LATIN_AMERICAN.length + EQUIVALENTS.length).toBeGreaterThanOrEqual(100);
  });
});
