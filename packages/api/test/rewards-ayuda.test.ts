import { describe, expect, it } from "vitest";
import { AyudaAnswer, AyudaListAnswer, RewardsAnswer, RewardsListAnswer, ValidationErrorBody } from "@tours/contract";
import { useTestApp } from "./test-app.ts";

const t = useTestApp({ staff: ["admin"] });

const person = { nombre: "Lucía", apellido: "Gómez", telefono: 3001234567, email: "lucia@example.com" };

describe("rewards", () => {
  it("registers a request (telefono as number or text) and staff list them", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/tour/rewards", payload: person });
    expect(res.statusCode).toBe(200);
    expect(RewardsAnswer.parse(res.json()).succes).toMatchObject({ nombre: "Lucía", telefono: "3001234567" });
    await t.app.inject({ method: "POST", url: "/api/tour/rewards", payload: { ...person, nombre: "Pedro", telefono: "+57 300" } });

    expect((await t.app.inject({ method: "GET", url: "/api/tour/rewards/index" })).statusCode).toBe(401);
    const list = RewardsListAnswer.parse((await t.app.inject({ method: "GET", url: "/api/tour/rewards/index", headers: t.staff("admin") })).json()).succes;
    expect(list.map((r) => r.nombre)).toEqual(["Lucía", "Pedro"]);
    const page = await t.app.inject({ method: "GET", url: `/api/tour/rewards/index?filter=${encodeURIComponent('{"q":"ped"}')}`, headers: t.staff("admin") });
    expect(RewardsListAnswer.parse(page.json()).succes.map((r) => r.nombre)).toEqual(["Pedro"]);
    expect(page.headers["content-range"]).toBe("rewards 0-0/1");
  });

  it("requires all four fields", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/tour/rewards", payload: { nombre: "", email: "mal" } });
    expect(res.statusCode).toBe(400);
    const msgs = ValidationErrorBody.parse(res.json()).errors.map((e) => e.msg);
    expect(msgs).toEqual(expect.arrayContaining(["El nombre es obligatorio", "El apellido es obligatorio", "El teléfono es obligatorio", "El correo electrónico no es válido"]));
  });
});

describe("ayuda", () => {
  it("registers a help request and staff list them", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/tour/ayuda", payload: { ...person, comentario: "No me llegó el correo" } });
    expect(res.statusCode).toBe(200);
    expect(AyudaAnswer.parse(res.json()).succes.comentario).toBe("No me llegó el correo");
    expect((await t.app.inject({ method: "GET", url: "/api/tour/ayuda/index" })).statusCode).toBe(401);
    const list = AyudaListAnswer.parse((await t.app.inject({ method: "GET", url: "/api/tour/ayuda/index", headers: t.staff("admin") })).json()).succes;
    expect(list).toHaveLength(1);
  });

  it("requires all five fields", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/tour/ayuda", payload: person });
    expect(res.statusCode).toBe(400);
    expect(ValidationErrorBody.parse(res.json()).errors).toEqual([expect.objectContaining({ path: "comentario", msg: "El comentario es obligatorio" })]);
  });
});
