/**
 * Lebanese business days: Monday to Friday, less the public holidays (product decisions: deadlines
 * in business days use the Lebanese working week). Days are ISO dates in Beirut's time zone.
 */

const DAY_MS = 86_400_000;

const beirutDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Beirut", year: "numeric", month: "2-digit", day: "2-digit" });

/** The day an instant falls on in Beirut, `2026-12-02`. */
export const dayInBeirut = (at: Date): string => beirutDay.format(at);

const toUtc = (day: string): number => Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10));
const fromUtc = (t: number): string => new Date(t).toISOString().slice(0, 10);

/** Whether `day` is worked: not Saturday or Sunday, not a holiday. */
export function isBusinessDay(day: string, holidays: ReadonlySet<string>): boolean {
  const weekday = new Date(toUtc(day)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(day);
}

/**
 * The business day `n` business days after `day` (`n` = 0: `day` itself if worked, else the next
 * worked day). A request received on Friday with 1 day to go is due on Monday.
 */
export function addBusinessDays(day: string, n: number, holidays: ReadonlySet<string>): string {
  let t = toUtc(day);
  while (!isBusinessDay(fromUtc(t), holidays)) t += DAY_MS;
  for (let left = n; left > 0;) {
    t += DAY_MS;
    if (isBusinessDay(fromUtc(t), holidays)) left--;
  }
  return fromUtc(t);
}

/** Business days from `from` (excluded) to `to` (included); 0 when `to` is not after `from`. */
export function businessDaysBetween(from: string, to: string, holidays: ReadonlySet<string>): number {
  let n = 0;
  for (let t = toUtc(from) + DAY_MS; t <= toUtc(to); t += DAY_MS) if (isBusinessDay(fromUtc(t), holidays)) n++;
  return n;
}
