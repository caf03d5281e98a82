import { describe, expect, it } from "vitest";
import { accessFrom, travellersText } from "./reserva.server";

describe("Mi reserva", () => {
  it("tidies the reference and the PIN as people type them", () => {
    expect(accessFrom(" tr-7kq2 m9xp ", "123 456")).toEqual({ referencia: "TR-7KQ2M9XP", pin: "123456" });
    expect(accessFrom("TR-7KQ2M9XP", "")).toBeNull();
    expect(accessFrom("  ", "123456")).toBeNull();
  });

  it("says who travels in words", () => {
    expect(travellersText({ mayores15: 2, menoresde15_a4: 1, menores3: 0, mascotas: 1 })).toBe("2 adultos, 1 niño de 4 a 15, 1 mascota");
    expect(travellersText({ mayores15: 1, menoresde15_a4: 0, menores3: 2, mascotas: 0 })).toBe("1 adulto, 2 menores de 3");
    expect(travellersText({ mayores15: 0, menoresde15_a4: 0, menores3: 0, mascotas: 0 })).toBe("Sin viajeros");
  });
});
