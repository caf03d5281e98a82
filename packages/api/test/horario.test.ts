import { describe, expect, it } from "vitest";
import { HorarioAnswer, HorarioCreateErrorBody, HorarioListAnswer, SuccesAnyAnswer } from "@tours/contract";
import { useTestApp } from "./test-app.ts";

const t = useTestApp({ seed: true, staff: ["admin"] });

const schedule = { hora_inicio: "09:30", lunes: true, martes: false, miercoles: "1", jueves: 0, viernes: false, sabado: true, domingo: false, tour_id: 2 };

describe("horario", () => {
  it("creates a horario (JSON booleans on the way out) and lists it for the tour", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/tour/horario/create/", headers: t.staff("admin"), payload: schedule });
    expect(res.statusCode).toBe(200);
    const created = HorarioAnswer.parse(res.json()).succes;
    expect(res.json().succes).toMatchObject({ hora_inicio: "09:30", lunes: true, martes: false, miercoles: true, jueves: false, sabado: true, tour_id: 2 });

    const list = HorarioListAnswer.parse((await t.app.inject({ method: "GET", url: "/api/tour/horario/find/2" })).json()).succes;
    expect(list.map((h) => h.id)).toContain(created.id);
    expect(list.every((h) => h.tour_id === 2)).toBe(true);
    const sorted = list.map((h) => h.hora_inicio);
    expect([...sorted].sort()).toEqual(sorted);
  });

  it("keeps HH:MM when seconds are sent", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/tour/horario/create", headers: t.staff("admin"), payload: { ...schedule, hora_inicio: "18:45:00" } });
    expect(HorarioAnswer.parse(res.json()).succes.hora_inicio).toBe("18:45");
  });

  it("answers 400 as {error:{errors:[{msg}]}} with Spanish messages", async () => {
    const bad = await t.app.inject({ method: "POST", url: "/api/tour/horario/create/", headers: t.staff("admin"), payload: { ...schedule, hora_inicio: "25:00", tour_id: "x" } });
    expect(bad.statusCode).toBe(400);
    const msgs = HorarioCreateErrorBody.parse(bad.json()).error.errors.map((e) => e.msg);
    expect(msgs).toEqual(expect.arrayContaining(["La hora de inicio debe tener el formato HH:MM", "El tour es obligatorio"]));

    const noDays = await t.app.inject({
      method: "POST",
      url: "/api/tour/horario/create/",
      headers: t.staff("admin"),
      payload: { hora_inicio: "10:00", tour_id: 2 },
    });
    expect(HorarioCreateErrorBody.parse(noDays.json()).error.errors[0]!.msg).toBe("Selecciona al menos un día de la semana");

    const unknownTour = await t.app.inject({ method: "POST", url: "/api/tour/horario/create/", headers: t.staff("admin"), payload: { ...schedule, tour_id: 99999 } });
    expect(unknownTour.statusCode).toBe(400);
    expect(HorarioCreateErrorBody.parse(unknownTour.json()).error.errors[0]!.msg).toBe("El tour no existe");
  });

  it("lists every horario for staff, paged in the list dialect", async () => {
    const all = HorarioListAnswer.parse((await t.app.inject({ method: "GET", url: "/api/tour/horario/index", headers: t.staff("admin") })).json()).succes;
    expect(all.length).toBeGreaterThan(40);
    const page = await t.app.inject({
      method: "GET",
      url: `/api/tour/horario/index?filter=${encodeURIComponent('{"tour_id":3}')}&range=${encodeURIComponent("[0,0]")}`,
      headers: t.staff("admin"),
    });
    const rows = HorarioListAnswer.parse(page.json()).succes;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tour_id).toBe(3);
    expect(page.headers["content-range"]).toMatch(/^horario 0-0\/\d+$/);
  });

  it("deletes a horario; unknown ids are 404", async () => {
    const created = HorarioAnswer.parse((await t.app.inject({ method: "POST", url: "/api/tour/horario/create/", headers: t.staff("admin"), payload: schedule })).json()).succes;
    const del = await t.app.inject({ method: "DELETE", url: `/api/tour/horario/delete/${created.id}`, headers: t.staff("admin") });
    expect(del.statusCode).toBe(200);
    SuccesAnyAnswer.parse(del.json());
    expect((await t.app.inject({ method: "DELETE", url: `/api/tour/horario/delete/${created.id}`, headers: t.staff("admin") })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/tour/horario/find/99999" })).statusCode).toBe(404);
  });
});
