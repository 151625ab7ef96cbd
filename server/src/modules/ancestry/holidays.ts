/**
 * Lebanon's public holidays for a year, computed (no clock, no database): the fixed ones, both
 * Easters (Western, Gregorian computus; Orthodox, Julian computus moved to the Gregorian
 * calendar), and the Islamic ones from `Intl`'s islamic-umalqura calendar. The Islamic dates
 * depend on the moon's sighting in Lebanon, so they are flagged "to confirm": staff correct them
 * at /management/ancestry (`setPublicHoliday`).
 */

export interface HolidaySeed {
  /** ISO day, `2026-12-25`. */
  day: string;
  /** Stable code of the holiday (`christmas`, `eid_al_fitr_1`): one row per code and year. */
  code: string;
  toConfirm: boolean;
}

const iso = (y: number, m: number, d: number): string => `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;

const addDays = (day: string, n: number): string => {
  const t = Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10)) + n * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
};

/** Western Easter Sunday (the anonymous Gregorian algorithm: Meeus, Jones, Butcher). */
export function westernEaster(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return iso(year, month, day);
}

/** Orthodox Easter Sunday: the Julian computus (Meeus), then the Julian calendar's lag (13 days in 1900–2099). */
export function orthodoxEaster(year: number): string {
  const a = year % 4;
  const b = year % 7;
  const c = year % 19;
  const d = (19 * c + 15) % 30;
  const e = (2 * a + 4 * b - d + 34) % 7;
  const month = Math.floor((d + e + 114) / 31);
  const day = ((d + e + 114) % 31) + 1;
  const lag = Math.floor(year / 100) - Math.floor(year / 400) - 2;
  return addDays(iso(year, month, day), lag);
}

const FIXED: readonly [code: string, month: number, day: number][] = [
  ["new_year", 1, 1],
  ["armenian_christmas", 1, 6],
  ["saint_maroun", 2, 9],
  ["annunciation", 3, 25],
  ["labour_day", 5, 1],
  ["liberation_day", 5, 25],
  ["assumption", 8, 15],
  ["independence_day", 11, 22],
  ["christmas", 12, 25],
];

/** [code, Islamic month, day] of the Islamic holidays Lebanon keeps. */
const ISLAMIC: readonly [code: string, month: number, day: number][] = [
  ["eid_al_fitr_1", 10, 1],
  ["eid_al_fitr_2", 10, 2],
  ["eid_al_adha_1", 12, 10],
  ["eid_al_adha_2", 12, 11],
  ["islamic_new_year", 1, 1],
  ["ashura", 1, 10],
  ["prophet_birthday", 3, 12],
];

const umalqura = new Intl.DateTimeFormat("en-u-ca-islamic-umalqura-nu-latn", { timeZone: "UTC", month: "numeric", day: "numeric" });

/** The Gregorian days of `year` that fall on an Islamic month and day (a Hijri date may come twice in one Gregorian year). */
function islamicDays(year: number): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (let t = Date.UTC(year, 0, 1); t < Date.UTC(year + 1, 0, 1); t += 86_400_000) {
    const parts = umalqura.formatToParts(new Date(t));
    const key = `${parts.find((p) => p.type === "month")?.value}-${parts.find((p) => p.type === "day")?.value}`;
    const days = out.get(key) ?? [];
    days.push(new Date(t).toISOString().slice(0, 10));
    out.set(key, days);
  }
  return out;
}

/** Every public holiday of `year`, in day order. */
export function holidaysOf(year: number): HolidaySeed[] {
  const out: HolidaySeed[] = FIXED.map(([code, m, d]) => ({ day: iso(year, m, d), code, toConfirm: false }));
  out.push({ day: addDays(westernEaster(year), -2), code: "good_friday_western", toConfirm: false });
  out.push({ day: westernEaster(year), code: "easter_western", toConfirm: false });
  out.push({ day: addDays(orthodoxEaster(year), -2), code: "good_friday_orthodox", toConfirm: false });
  out.push({ day: orthodoxEaster(year), code: "easter_orthodox", toConfirm: false });
  const islamic = islamicDays(year);
  for (const [code, m, d] of ISLAMIC)
    (islamic.get(`${m}-${d}`) ?? []).forEach((day, i) => out.push({ day, code: i === 0 ? code : `${code}_${i + 1}`, toConfirm: true }));
  return out.sort((a, b) => a.day.localeCompare(b.day) || a.code.localeCompare(b.code));
}

type Names = { ar: string; en: string; fr: string };

/** Each holiday's name, the content a seeded row starts with (staff edit the rows, not these). */
const NAMES: Record<string, Names> = {
  new_year: { ar: "رأس السنة الميلادية", en: "New Year's Day", fr: "Jour de l’an" },
  armenian_christmas: { ar: "عيد الميلاد لدى الأرمن", en: "Armenian Christmas", fr: "Noël arménien" },
  saint_maroun: { ar: "عيد مار مارون", en: "Saint Maroun's Day", fr: "Fête de saint Maroun" },
  annunciation: { ar: "عيد البشارة", en: "Annunciation", fr: "Annonciation" },
  labour_day: { ar: "عيد العمال", en: "Labour Day", fr: "Fête du travail" },
  liberation_day: { ar: "عيد المقاومة والتحرير", en: "Resistance and Liberation Day", fr: "Fête de la résistance et de la libération" },
  assumption: { ar: "عيد انتقال السيدة العذراء", en: "Assumption", fr: "Assomption" },
  independence_day: { ar: "عيد الاستقلال", en: "Independence Day", fr: "Fête de l’indépendance" },
  christmas: { ar: "عيد الميلاد", en: "Christmas", fr: "Noël" },
  good_friday_western: { ar: "الجمعة العظيمة (الطوائف الغربية)", en: "Good Friday (Western)", fr: "Vendredi saint (rite occidental)" },
  easter_western: { ar: "عيد الفصح (الطوائف الغربية)", en: "Easter (Western)", fr: "Pâques (rite occidental)" },
  good_friday_orthodox: { ar: "الجمعة العظيمة (الطوائف الشرقية)", en: "Good Friday (Orthodox)", fr: "Vendredi saint (rite orthodoxe)" },
  easter_orthodox: { ar: "عيد الفصح (الطوائف الشرقية)", en: "Easter (Orthodox)", fr: "Pâques (rite orthodoxe)" },
  eid_al_fitr: { ar: "عيد الفطر", en: "Eid al-Fitr", fr: "Aïd el-Fitr" },
  eid_al_adha: { ar: "عيد الأضحى", en: "Eid al-Adha", fr: "Aïd el-Adha" },
  islamic_new_year: { ar: "رأس السنة الهجرية", en: "Islamic New Year", fr: "Nouvel an de l’Hégire" },
  ashura: { ar: "ذكرى عاشوراء", en: "Ashura", fr: "Achoura" },
  prophet_birthday: { ar: "المولد النبوي الشريف", en: "The Prophet's Birthday", fr: "Mawlid, naissance du Prophète" },
};

/** A seeded holiday's names in ar/en/fr (the two days of an Eid share the Eid's name). */
export const holidayNames = (code: string): Names =>
  NAMES[code] ?? NAMES[code.replace(/_\d+$/, "")] ?? NAMES[code.replace(/_\d+(_\d+)?$/, "")]!;
