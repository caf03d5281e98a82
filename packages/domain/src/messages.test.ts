import { describe, expect, it } from "vitest";
import { LABELS, MSG } from "./messages.ts";

const bytes = (text: string) => [...new TextEncoder().encode(text)];

describe("MSG", () => {
  it("keeps the odd spellings and spacing byte for byte", () => {
    expect(bytes(MSG.errorCrearHorario)).toEqual(bytes("Error desconocido" + "  " + "al crear horario"));
    expect(MSG.errorCrearHorario).toContain("desconocido  al");
    expect(MSG.camposObligatorios).toBe("Se deben diligenciar todos los campos ");
    expect(MSG.camposObligatorios.endsWith(" ")).toBe(true);
    expect(MSG.errorGuardarBanner).toBe("Se genero un error inseperado al momento de guardar la imagen ");
    expect(MSG.bannerGuardado).toBe("Se aguardo correctamente el archivo ");
    expect(MSG.errorConsultarBanner).toBe("Error generado al consultar el banner ");
    expect(MSG.errorEliminarBanner).toBe("Se genero un error eliminando el banner ");
    expect(MSG.imagenAlmacenada).toBe("Imagen Almacenda con exito");
    expect(MSG.sinEnlaceDePago).toContain("pago,verifique");
    expect(MSG.creandoPedido).toBe("Creando el pedido espere porfavor...");
    expect(MSG.ciudadCreada).toBe("Ciudad creado con exito");
  });

  it("keeps the accents the spec has, and only those", () => {
    expect(bytes(MSG.maxImagenesSeleccion)).toEqual(bytes("Puedes seleccionar hasta 20 im\u00e1genes."));
    expect(MSG.errorDesconocido).toBe("Ocurri\u00f3 un error desconocido.");
    expect(MSG.maxFotosTour).toBe("M\u00e1ximo 20 fotos seleccionadas");
    expect(MSG.paisCreado).toBe("Pais creado con exito");
  });

  it("has one distinct message per key, none blank", () => {
    const values = Object.values(MSG);
    expect(values).toHaveLength(51);
    expect(new Set(values).size).toBe(values.length);
    expect(values.every((v) => v.trim().length > 0)).toBe(true);
  });

  it("labels of the panel", () => {
    expect(LABELS.validandoInformacion).toBe("Validando informacion...");
    expect(LABELS.cargandoInformacionPanel).toBe("Cargando informacion");
  });
});
