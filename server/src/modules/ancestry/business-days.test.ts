import { describe, expect, it } from "@jest/globals";
import { addBusinessDays, businessDaysBetween, dayInBeirut, isBusinessDay } from "./business-days.js";
import { holidaysOf, orthodoxEaster, westernEaster } from "./holidays.js";

const none = new Set<string>();

describe("Lebanese business days", () => {
  it("skips the weekend: Friday plus one business day is Monday", () => {
    // 2026-12-04 is a Friday.
    expect(addBusinessDays("2026-12-04", 1, none)).toBe("2026-12-07");
    expect(addBusinessDays("2026-12-05", 0, none)).toBe("2026-12-07");
    expect(addBusinessDays("2026-12-01", 5, none)).toBe("2026-12-08");
    expect(isBusinessDay("2026-12-06", none)).toBe(false);
  });

  it("skips a public holiday: Independence Day 2027 falls on a Monday", () => {
    const holidays = new Set(holidaysOf(2027).map((h) => h.day));
    expect(holidays.has("2027-11-22")).toBe(true);
    // Friday 19 November + 1 business day: not Monday 22 (holiday) but Tuesday 23.
    expect(addBusinessDays("2027-11-19", 1, holidays)).toBe("2027-11-23");
    expect(businessDaysBetween("2027-11-19", "2027-11-23", holidays)).toBe(1);
    expect(businessDaysBetween("2027-11-19", "2027-11-23", none)).toBe(2);
  });

  it("counts days in Beirut's time zone", () => {
    // 23:30 UTC on 1 December is already 2 December in Beirut (UTC+2).
    expect(dayInBeirut(new Date("2026-12-01T23:30:00Z"))).toBe("2026-12-02");
  });

  it("gives Intl's day for every quarter hour, across summer time's changes, asked twice (the second from its kept hours)", () => {
    const intl = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Beirut", year: "numeric", month: "2-digit", day: "2-digit" });
    const wrong: string[] = [];
    for (let round = 0; round < 2; round++)
      for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2027, 0, 1); t += 15 * 60_000) {
        const at = new Date(t);
        if (dayInBeirut(at) !== intl.format(at)) wrong.push(at.toISOString());
      }
    expect(wrong).toEqual([]);
    expect(dayInBeirut(new Date("1890-06-01T21:50:00Z"))).toBe(intl.format(new Date("1890-06-01T21:50:00Z")));
  });
});

describe("Lebanese public holidays", () => {
  it("computes both Easters", () => {
    expect(westernEaster(2026)).toBe("2026-04-05");
    expect(orthodoxEaster(2026)).toBe("2026-04-12");
    expect(westernEaster(2027)).toBe("2027-03-28");
    expect(orthodoxEaster(2027)).toBe("2027-05-02");
    expect(westernEaster(2025)).toBe(orthodoxEaster(2025));
  });

  it("has the fixed days, the Good Fridays, and the Eids from the Umm al-Qura calendar flagged to confirm", () => {
    const y = holidaysOf(2026);
    const at = (code: string) => y.find((h) => h.code === code);
    expect(at("christmas")).toEqual({ day: "2026-12-25", code: "christmas", toConfirm: false });
    expect(at("saint_maroun")?.day).toBe("2026-02-09");
    expect(at("good_friday_western")?.day).toBe("2026-04-03");
    expect(at("good_friday_orthodox")?.day).toBe("2026-04-10");
    expect(at("eid_al_fitr_1")).toEqual({ day: "2026-03-20", code: "eid_al_fitr_1", toConfirm: true });
    expect(at("eid_al_adha_1")?.day).toBe("2026-05-27");
  });
});
