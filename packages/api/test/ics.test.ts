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
});
