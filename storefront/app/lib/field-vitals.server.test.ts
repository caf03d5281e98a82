import { describe, expect, it } from "vitest";
import { parseSampleRate, routeTypeOf } from "./field-vitals.server";

describe("routeTypeOf: the kind of page kept instead of its address", () => {
  it.each([
    ["/", "home"],
    ["/pais/3", "pais"],
    ["/country/4f1c", "pais"],
    ["/actividades/colombia/bogota", "ciudad"],
    ["/actividades/detalle/local/12", "tour"],
    ["/activity/998", "tour"],
    ["/shop", "shop"],
    ["/mi-reserva", "mi-reserva"],
    ["/buscar", "buscar"],
    ["/legal/privacidad", "otro"],
    ["/actividades/a/b/c", "otro"],
  ])("%s → %s", (path, type) => {
    expect(routeTypeOf(path)).toBe(type);
  });
});

describe("VITALS_SAMPLE_RATE", () => {
  it("is a share from 0 to 1, every page view when unset", () => {
    expect(parseSampleRate(undefined)).toBe(1);
    expect(parseSampleRate("")).toBe(1);
    expect(parseSampleRate("0.25")).toBe(0.25);
    expect(parseSampleRate("0")).toBe(0);
    for (const bad of ["2", "-0.1", "mitad"]) expect(() => parseSampleRate(bad)).toThrow(/VITALS_SAMPLE_RATE/);
  });
});
