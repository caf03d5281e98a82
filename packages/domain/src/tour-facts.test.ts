import { describe, expect, it } from "vitest";
import { accesibleLabel, formatDuracion, formatIdiomas, mapaUrl, modalidadLabel } from "./tour-facts.ts";

describe("tour facts in words", () => {
  it("formats a duration as hours and minutes", () => {
    expect(formatDuracion(210)).toBe("3 h 30 min");
    expect(formatDuracion(45)).toBe("45 min");
    expect(formatDuracion(120)).toBe("2 h");
    expect(formatDuracion(2160)).toBe("1 d 12 h");
    expect(formatDuracion(1441)).toBe("1 d 1 min");
  });
  it("names languages, wheelchair access and modalidad in Spanish", () => {
    expect(formatIdiomas(["es", "en", "ja"])).toBe("Español, Inglés, Japonés");
    expect(formatIdiomas([])).toBe("");
    expect(accesibleLabel("parcial")).toBe("Parcialmente");
    expect(accesibleLabel("si")).toBe("Sí");
    expect(accesibleLabel(null)).toBeNull();
    expect(modalidadLabel("grupo")).toBe("En grupo");
    expect(modalidadLabel(undefined)).toBeNull();
  });
  it("links the meeting point on OpenStreetMap", () => {
    expect(mapaUrl(4.5981, -74.076)).toBe("https://www.openstreetmap.org/?mlat=4.5981&mlon=-74.076#map=17/4.5981/-74.076");
  });
});
