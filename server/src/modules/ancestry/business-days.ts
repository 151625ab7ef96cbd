/**
 * Lebanese business days: Monday to Friday, less the public holidays (product decisions: deadlines
 * in business days use the Lebanese working week). Days are ISO dates in Beirut's time zone.
 */

const DAY_MS = 86_400_000;

const beirutDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Beirut", year: "numeric", month: "2-digit", day: "2-digit" });

const HOUR_MS = 3_600_000;
/** 1 January 1900: since then Beirut's offsets from UTC are whole hours (+2, +3 in summer). */
const WHOLE_HOURS_FROM = Date.UTC(1900, 0, 1);
/** Days by UTC hour: a page of the desk asks for one per request, Intl's formatting is slow. */
const dayOfHour = new Map<number, string>();

/**
 * The day an instant falls on in Beirut, `2026-12-02`. Beirut's days begin on a whole UTC hour,
 * so every instant of the same UTC hour has the same day, kept once asked (at most a few years' hours).
 */
export function dayInBeirut(at: Date): string {
  const t = at.getTime();
  if (!(t >= WHOLE_HOURS_FROM)) return beirutDay.format(at);
  const hour = Math.floor(t / HOUR_MS);
  let day = dayOfHour.get(hour);
  if (day === undefined) {
    if (dayOfHour.size >= 50_000) dayOfHour.clear();
    dayOfHour.set(hour, (day = beirutDay.format(at)));
  }
  return day;
}

const toUtc = (day: string): number => Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10));
const fromUtc = (t: number): string => new Date(t).toISOString().slice(0, 10);

/**
 * The holidays as UTC midnights, made once per set (a page of the desk asks for hundreds of days
 * of the same set; rebuilt if the set grew or shrank since).
 */
const holidayTimes = new WeakMap<ReadonlySet<string>, Set<number>>();
function timesOf(holidays: ReadonlySet<string>): Set<number> {
  let times = holidayTimes.get(holidays);
  if (!times || times.size !== holidays.size) {
    times = new Set([...holidays].map(toUtc));
    holidayTimes.set(holidays, times);
  }
  return times;
}

/** Whether the UTC midnight `t` is worked: 1 January 1970 was a Thursday. */
const worked = (t: number, off: ReadonlySet<number>): boolean => {
  const weekday = (((Math.floor(t / DAY_MS) + 4) % 7) + 7) % 7;
  return weekday !== 0 && weekday !== 6 && !off.has(t);
};

/** Whether `day` is worked: not Saturday or Sunday, not a holiday. */
export function isBusinessDay(day: string, holidays: ReadonlySet<string>): boolean {
  return worked(toUtc(day), timesOf(holidays));
}

/**
 * The business day `n` business days after `day` (`n` = 0: `day` itself if worked, else the next
 * worked day). A request received on Friday with 1 day to go is due on Monday.
 */
export function addBusinessDays(day: string, n: number, holidays: ReadonlySet<string>): string {
  const off = timesOf(holidays);
  let t = toUtc(day);
  while (!worked(t, off)) t += DAY_MS;
  for (let left = n; left > 0;) {
    t += DAY_MS;
    if (worked(t, off)) left--;
  }
  return fromUtc(t);
}

/** Business days from `from` (excluded) to `to` (included); 0 when `to` is not after `from`. */
export function businessDaysBetween(from: string, to: string, holidays: ReadonlySet<string>): number {
  const off = timesOf(holidays);
  const end = toUtc(to);
  let n = 0;
  for (let t = toUtc(from) + DAY_MS; t <= end; t += DAY_MS) if (worked(t, off)) n++;
  return n;
}
