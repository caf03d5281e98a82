/**
 * An iCalendar file (RFC 5545) with one event per booked departure, each at its local time in its own zone. Each
 * zone gets a VTIMEZONE with the offset it has at the departure, so calendars that do not know IANA names still
 * place the event right.
 */

export interface IcsEvent {
  uid: string;
  /** The departure's instant. */
  start: Date;
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

/** "20261123T100000": the wall clock in `zone` at `instant`. */
function localStamp(instant: Date, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}${parts.second}`;
}

/** "-0500": the zone's offset from UTC at that instant. */
function offsetAt(instant: Date, zone: string): string {
  const local = localStamp(instant, zone);
  const asUtc = Date.UTC(
    Number(local.slice(0, 4)),
    Number(local.slice(4, 6)) - 1,
    Number(local.slice(6, 8)),
    Number(local.slice(9, 11)),
    Number(local.slice(11, 13)),
    Number(local.slice(13, 15)),
  );
  const minutes = Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}${String(abs % 60).padStart(2, "0")}`;
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
      offsetAt(e.start, e.zone) === zones.get(e.zone) ? `DTSTART;TZID=${e.zone}:${localStamp(e.start, e.zone)}` : `DTSTART:${utcStamp(e.start)}`,
      `SUMMARY:${text(e.summary)}`,
      `LOCATION:${text(e.location)}`,
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
