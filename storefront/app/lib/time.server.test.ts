import { describe, expect, it } from "vitest";
import { todayInBusinessTz } from "./time.server";

describe("todayInBusinessTz", () => {
  it("reads the date and the minutes since midnight on the business zone's wall clock", () => {
    // 04:30 UTC on 2 December is 23:30 on 1 December in Bogotá (UTC−5)
    expect(todayInBusinessTz(new Date("2026-12-02T04:30:00Z"), "America/Bogota")).toEqual({ today: "2026-12-01", nowMinutes: 23 * 60 + 30 });
    expect(todayInBusinessTz(new Date("2026-12-02T05:00:00Z"), "America/Bogota")).toEqual({ today: "2026-12-02", nowMinutes: 0 });
    expect(todayInBusinessTz(new Date("2026-12-02T05:00:00Z"), "Europe/Madrid")).toEqual({ today: "2026-12-02", nowMinutes: 6 * 60 });
  });
});
