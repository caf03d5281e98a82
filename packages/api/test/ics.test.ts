import { describe, expect, it } from "vitest";
import { buildIcs } from "../src/mail/ics.ts";

const event = (start: string, zone: string) => ({
  uid: `${start}@tours.test`,
  start: new Date(start),
  zone,
  summary: "Tour, con coma; y punto y coma",
  location: "Plaza Mayor",
  description: "Llega 15 minutos antes",
});

describe("buildIcs", () => {
  it("gives each departure at its wall clock in its zone, with the zone's offset at that moment", () => {
    const ics = buildIcs([event("2026-07-01T08:00:00Z", "Europe/Madrid"), event("2026-11-30T15:00:00Z", "America/Bogota")], new Date("2026-11-24T12:00:00Z"));
    expect(ics).toContain("DTSTART;TZID=Europe/Madrid:20260701T100000\r\n");
    expect(ics).toContain("TZID:Europe/Madrid\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0200\r\n");
    expect(ics).toContain("DTSTART;TZID=America/Bogota:20261130T100000\r\n");
    expect(ics).toContain("TZOFFSETTO:-0500\r\n");
    expect(ics).toContain("DTSTAMP:20261124T120000Z\r\n");
    expect(ics).toContain("SUMMARY:Tour\\, con coma\\; y punto y coma\r\n");
  });

  it("a departure on the other side of its zone's DST change is given in UTC", () => {
    // Madrid: +0200 in July, +0100 in December; the zone's VTIMEZONE takes the first event's offset
    const ics = buildIcs([event("2026-07-01T08:00:00Z", "Europe/Madrid"), event("2026-12-01T09:00:00Z", "Europe/Madrid")], new Date());
    expect(ics).toContain("DTSTART;TZID=Europe/Madrid:20260701T100000\r\n");
    expect(ics).toContain("DTSTART:20261201T090000Z\r\n");
  });

  it("ends at start + the tour's duration (DTEND in the same zone), with the meeting point's GEO; no DTEND without one", () => {
    const withEnd = { ...event("2026-11-30T15:00:00Z", "America/Bogota"), end: new Date("2026-11-30T18:30:00Z"), geo: { lat: 4.5981, lng: -74.076 } };
    const ics = buildIcs([withEnd, event("2026-07-01T08:00:00Z", "Europe/Madrid")], new Date());
    expect(ics).toContain("DTSTART;TZID=America/Bogota:20261130T100000\r\nDTEND;TZID=America/Bogota:20261130T133000\r\n");
    expect(ics).toContain("GEO:4.5981;-74.076\r\n");
    expect(ics.match(/DTEND/g)).toHaveLength(1);
  });

  it("an end across its zone's DST change is given in UTC", () => {
    // Madrid leaves summer time on 25 Oct 2026 at 03:00 (+0200 → +0100): a night tour from 23:00 to 05:00
    const night = { ...event("2026-10-24T21:00:00Z", "Europe/Madrid"), end: new Date("2026-10-25T04:00:00Z") };
    const ics = buildIcs([night], new Date());
    expect(ics).toContain("DTSTART;TZID=Europe/Madrid:20261024T230000\r\n");
    expect(ics).toContain("DTEND:20261025T040000Z\r\n");
  });
});
