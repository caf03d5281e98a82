/**
 * An iCalendar file (RFC 5545) with one event per booked departure, each at its local time in its own zone. Each
 * zone gets a VTIMEZONE with the offset it has at the departure, so calendars that do not know IANA names still
 * place the event right.
 */
import { offsetMinutes, wallClock } from "@tours/domain";

export interface IcsEvent {
  uid: string;
  /** The departure's instant. */
  start: Date;
  /**
   * When it ends (start + the tour's duration); absent when the tour has none, and the event then has no DTEND
   * (RFC 5545 §3.6.1: it ends when it starts) as before the tour's facts existed.
   */
  end?: Date;
  /** The meeting point's coordinates (GEO). */
  geo?: { lat: number; lng: number };
  /** IANA zone the departure is in. */
  zone: string;
  summary: string;
  location: string;
  description: string;
  url?: string;
}

/** Text escaping of RFC 5545 §3.3.11. */
function text(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** Lines longer than 75 octets are folded with CRLF + space (§3.1). */
function fold(line: string): string {
  const bytes = Buffer.from(line, "utf8");
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  for (const ch of line) {
    if (Buffer.byteLength(current + ch, "utf8") > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = "";
    }
    current += ch;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const utcStamp = (d: Date) => d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

/** "20261123T100000": the wall clock in `zone` at `instant` (departures start on a whole minute). */
function localStamp(instant: Date, zone: string): string {
  const { date, hora } = wallClock(instant, zone);
  return `${date.replace(/-/g, "")}T${hora.replace(":", "")}00`;
}

/** "-0500": the zone's offset from UTC at that instant. */
function offsetAt(instant: Date, zone: string): string {
  const minutes = offsetMinutes(instant.getTime(), zone);
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}${String(abs % 60).padStart(2, "0")}`;
}

/** DTSTART / DTEND: the zone's wall clock, or UTC for an instant on the other side of a DST change than its VTIMEZONE. */
function dateTime(name: "DTSTART" | "DTEND", instant: Date, zone: string, zoneOffset: string | undefined): string {
  return offsetAt(instant, zone) === zoneOffset ? `${name};TZID=${zone}:${localStamp(instant, zone)}` : `${name}:${utcStamp(instant)}`;
}

export function buildIcs(events: IcsEvent[], stamp: Date): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tours//Reservas//ES", "CALSCALE:GREGORIAN", "METHOD:PUBLISH"];
  const zones = new Map<string, string>();
  for (const e of events) if (!zones.has(e.zone)) zones.set(e.zone, offsetAt(e.start, e.zone));
  for (const [zone, offset] of zones) {
    lines.push(
      "BEGIN:VTIMEZONE",
      `TZID:${zone}`,
      "BEGIN:STANDARD",
      "DTSTART:19700101T000000",
      `TZOFFSETFROM:${offset}`,
      `TZOFFSETTO:${offset}`,
      "END:STANDARD",
      "END:VTIMEZONE",
    );
  }
  for (const e of events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${e.uid}`,
      `DTSTAMP:${utcStamp(stamp)}`,
      // one offset per VTIMEZONE: a departure on the zone's other side of a DST change is given in UTC instead
      dateTime("DTSTART", e.start, e.zone, zones.get(e.zone)),
      ...(e.end ? [dateTime("DTEND", e.end, e.zone, zones.get(e.zone))] : []),
      `SUMMARY:${text(e.summary)}`,
      `LOCATION:${text(e.location)}`,
      ...(e.geo ? [`GEO:${e.geo.lat};${e.geo.lng}`] : []),
      `DESCRIPTION:${text(e.description)}`,
      ...(e.url ? [`URL:${e.url}`] : []),
      "BEGIN:VALARM",
      "ACTION:DISPLAY",
      `DESCRIPTION:${text(e.summary)}`,
      "TRIGGER:-PT2H",
      "END:VALARM",
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return lines.map(fold).join("\r\n") + "\r\n";
}
