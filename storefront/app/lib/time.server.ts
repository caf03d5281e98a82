/** The business time zone (BUSINESS_TIMEZONE, default America/Bogota) in which "today" and "now" are read. */
export function businessTimeZone(): string {
  return process.env.BUSINESS_TIMEZONE || "America/Bogota";
}

/**
 * "Today" and the minutes since midnight in the business time zone, the edge values the pure calendar
 * functions of @tours/domain take.
 */
export function todayInBusinessTz(now: Date = new Date(), timeZone: string = businessTimeZone()): {
  today: string;
  nowMinutes: number;
} {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "00";
  return {
    today: `${get("year")}-${get("month")}-${get("day")}`,
    nowMinutes: Number(get("hour")) * 60 + Number(get("minute")),
  };
}
