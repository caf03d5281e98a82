import { describe, expect, it } from "vitest";
import { ComentarioAnswer, ComentarioListAnswer, ValidationErrorBody } from "@tours/contract";
import { useTestApp } from "./test-app.ts";

const t = useTestApp({ seed: true });

const list = async (tourId: number) =>
  ComentarioListAnswer.parse((await t.app.inject({ method: "GET", url: `/api/tour/comentario/index/${tourId}` })).json()).succes;

describe("comentarios", () => {
  it("stores a comment and lists it first, with the e-mail masked", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/tour/comentario",
      payload: { email: "Maria.Lopez@Gmail.com", comentario: "¡Precioso!", start: "5", id_tour: 4 },
    });
    expect(res.statusCode).toBe(200);
    const created = ComentarioAnswer.parse(res.json()).succes;
    expect(created).toMatchObject({ comentario: "¡Precioso!", start: 5, id_tour: 4 });

    const comments = await list(4);
    expect(comments[0]!.id).toBe(created.id);
    expect(comments[0]!.email).toBe("m•••@gmail.com");
    expect(comments.every((c) => /^.•••@/.test(c.email))).toBe(true);
    const dates = comments.map((c) => c.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("requires every field and a rating from 1 to 5", async () => {
    for (const start of [0, 6, 2.5, "x"]) {
      const res = await t.app.inject({ method: "POST", url: "/api/tour/comentario", payload: { email: "a@b.co", comentario: "ok", start, id_tour: 4 } });
      expect(res.statusCode).toBe(400);
      expect(ValidationErrorBody.parse(res.json()).errors[0]).toMatchObject({ path: "start", msg: "La calificación debe estar entre 1 y 5" });
    }
    const empty = await t.app.inject({ method: "POST", url: "/api/tour/comentario", payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(ValidationErrorBody.parse(empty.json()).errors.map((e) => e.path).sort()).toEqual(["comentario", "email", "id_tour", "start"]);
  });

  it("refuses a comment on an unknown tour and lists of unknown tours are 404", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/tour/comentario", payload: { email: "a@b.co", comentario: "ok", start: 3, id_tour: 99999 } });
    expect(res.statusCode).toBe(400);
    expect(ValidationErrorBody.parse(res.json()).errors[0]!.msg).toBe("El tour no existe");
    expect((await t.app.inject({ method: "GET", url: "/api/tour/comentario/index/99999" })).statusCode).toBe(404);
  });
});
