import { wallClock } from "@tours/domain";

/** The business time zone (BUSINESS_TIMEZONE, default America/Bogota) in which "today" and "now" are read. */
export function businessTimeZone(): string {
  return process.env.BUSINESS_TIMEZONE || "America/Bogota";
}

/**
 * "Today" and the minutes since midnight in the business time zone, the edge values the pure calendar
 * functions of @tours/domain take. Read through the domain's wall clock, which keeps one formatter per zone:
 * building an Intl.DateTimeFormat on every call cost about half a millisecond of each page's render.
 */
export function todayInBusinessTz(now: Date = new Date(), timeZone: string = businessTimeZone()): {
  today: string;
  nowMinutes: number;
} {
  const { date, minutes } = wallClock(now, timeZone);
  return { today: date, nowMinutes: minutes };
}
