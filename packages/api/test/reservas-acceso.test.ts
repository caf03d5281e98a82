import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { CheckinAnswer, PedidoAnswer, ReservaAnswer } from "@tours/contract";
import { auditLogTable } from "../src/modules/auditoria/auditoria.table.ts";
import { correo } from "../src/mail/correo.table.ts";
import { staffUsersTable } from "../src/modules/auth/auth.table.ts";
import { newReferencia } from "../src/modules/compra/referencia.ts";
import { bearer, loginAsStaff } from "./helpers.ts";
import { MONDAY_14, NOW, line } from "./compra-fixtures.ts";
import { buyPaid, msgOf, useReservasApp } from "./reserva-fixtures.ts";

/** Mi reserva by reference and PIN, the panel's order detail and check-in. */
const { t, freshIp, consulta, cancelar, detalle } = useReservasApp();

describe("Mi reserva: reference + PIN", () => {
  it("shows the booking to whoever has both; a wrong PIN and an unknown reference get the same 404", async () => {
    const b = await buyPaid(t, [line(t.cat.tourA, MONDAY_14, { mayores_15: 2 })]);
    const ip = freshIp();
    const ok = await t.app.inject({
      method: "POST",
      url: "/api/reserva/consulta",
      payload: { referencia: b.referencia.toLowerCase().replace("-", " "), pin: b.pin },
      remoteAddress: ip,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const r = ReservaAnswer.parse(ok.json()).succes;
    expect(r).toMatchObject({ referencia: b.referencia, estado: "pagado", pagado: true, valor_total: 90, reembolsado: 0 });
    expect(r.lineas[0]).toMatchObject({
      fecha_texto: "lunes, 23 de noviembre de 2026",
      hora_texto: "14:00 hora de Bogotá",
      limite_cancelacion: "2026-11-22T19:00:00.000Z",
      limite_texto: "domingo, 22 de noviembre de 2026 a las 14:00 hora de Bogotá",
      cancelable: true,
      motivo_no_cancelable: null,
      salida: `${t.cat.tourA}-20261123-1400`,
    });
    const wrongPin = String((Number(b.pin) + 1) % 1_000_000).padStart(6, "0");
    const wrong = await consulta({ referencia: b.referencia, pin: wrongPin }, ip);
    const unknown = await consulta({ referencia: "TR-ZZZZZZZZ", pin: b.pin }, ip);
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ errors: [{ msg: "No encontramos una reserva con esa referencia y PIN" }] });
    }
  });

  it("10 wrong PINs in a minute from one address: the next attempt gets 429, even with the right PIN; another address is unaffected", async () => {
    const b = await buyPaid(t, [line(t.cat.tourA, MONDAY_14)]);
    const wrongPin = String((Number(b.pin) + 7) % 1_000_000).padStart(6, "0");
    const attacker = freshIp();
    // in parallel: a burst cannot slip past the count
    // Each guess at another reference: 10 wrong PINs for one reference would lock it for everybody (per reference,
    // guessing.test.ts)
    const tries = await Promise.all(Array.from({ length: 10 }, () => consulta({ referencia: newReferencia(), pin: wrongPin }, attacker)));
    expect(tries.map((r) => r.statusCode)).toEqual(Array(10).fill(404));
    for (const res of [await consulta(b, attacker), await cancelar({ referencia: b.referencia, pin: wrongPin }, undefined, attacker)]) {
      expect(res.statusCode).toBe(429);
      expect(msgOf(res)).toBe("Demasiados intentos con una referencia o un PIN incorrectos. Espera un minuto e intenta de nuevo.");
    }
    expect((await consulta(b, freshIp())).statusCode).toBe(200);
    // a minute later the address may try again
    t.clock.set(new Date(NOW.getTime() + 61_000));
    expect((await consulta(b, attacker)).statusCode).toBe(200);
  });

  it("right PINs are not counted against the address", async () => {
    const b = await buyPaid(t, [line(t.cat.tourA, MONDAY_14)]);
    const ip = freshIp();
    for (let i = 0; i < 15; i++) expect((await consulta(b, ip)).statusCode).toBe(200);
  });

  it("the confirm answer carries the reference (for /pay/ok)", async () => {
    const b = await buyPaid(t, [line(t.cat.tourA, MONDAY_14)]);
    const again = await t.app.inject({ method: "POST", url: "/api/compra/confirma", payload: { token: b.token } });
    expect(PedidoAnswer.parse(again.json()).succes.referencia).toBe(b.referencia);
  });
});

describe("the panel's order detail", () => {
  it("lists the order's e-mails with their delivery state", async () => {
    const b = await buyPaid(t, [line(t.cat.tourA, MONDAY_14)]);
    await t.db.insert(correo).values([
      { tipo: "confirmacion", pedido_id: b.orderId, destinatario: "ana@example.com", asunto: "Tu reserva", clave: `t-conf-${b.orderId}`, estado: "enviado", intentos: 1, enviado_at: NOW },
      { tipo: "nuevo_pedido", pedido_id: b.orderId, destinatario: "staff@tours.test", asunto: "Nuevo pedido", clave: `t-staff-${b.orderId}`, intentos: 2, ultimo_error: "connect ECONNREFUSED" },
    ]);
    const d = await detalle(b.orderId);
    expect(d.correos.map((c) => [c.tipo, c.destinatario, c.estado, c.intentos, c.ultimo_error, c.enviado_at])).toEqual([
      ["confirmacion", "ana@example.com", "enviado", 1, null, NOW.toISOString()],
      ["nuevo_pedido", "staff@tours.test", "pendiente", 2, "connect ECONNREFUSED", null],
    ]);
    expect(d.reserva).toMatchObject({ referencia: b.referencia, pagado: true });
    expect((await t.app.inject({ method: "GET", url: "/api/compra/find/999999", headers: t.staff("admin") })).statusCode).toBe(404);
  });
});

describe("check-in", () => {
  const consultaCheckin = (referencia: string, salida: string, headers = t.staff("admin")) =>
    t.app.inject({ method: "GET", url: `/api/checkin/consulta?referencia=${encodeURIComponent(referencia)}&salida=${salida}`, headers });
  const registrar = (referencia: string, salida: string, headers = t.staff("admin")) =>
    t.app.inject({ method: "POST", url: "/api/checkin", payload: { referencia, salida }, headers });

  it("shows the travellers, marks them present once, refuses another departure's voucher and a cancelled booking", async () => {
    const b = await buyPaid(t, [line(t.cat.tourA, MONDAY_14, { mayores_15: 2, de_4_15: 1, mascotas: 1 })]);
    const salida = `${t.cat.tourA}-20261123-1400`;
    const guia = bearer(await loginAsStaff(t.app, "guia", "guia-checkin@tours.test"));
    // a Guía checks in the departures assigned to them (guides.test.ts)
    const guiaId = (await t.db.select().from(staffUsersTable).where(eq(staffUsersTable.email, "guia-checkin@tours.test")))[0]!.id;
    expect((await t.app.inject({ method: "PUT", url: `/api/salidas/guias/${salida}`, headers: t.staff("admin"), payload: { guias: [guiaId] } })).statusCode).toBe(200);

    const seen = await consultaCheckin(b.referencia, salida, guia);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(CheckinAnswer.parse(seen.json()).succes).toMatchObject({
      referencia: b.referencia,
      nombre: "Ana",
      tour_nombre: "La Candelaria",
      fecha_texto: "lunes, 23 de noviembre de 2026",
      hora_texto: "14:00 hora de Bogotá",
      personas: 3,
      mascotas: 1,
      checkin_at: null,
    });

    t.clock.set(new Date("2026-11-23T18:50:00.000Z"));
    const first = await registrar(b.referencia.slice(3), salida, guia);
    expect(first.statusCode, first.body).toBe(200);
    expect(CheckinAnswer.parse(first.json()).succes).toMatchObject({
      checkin_at: "2026-11-23T18:50:00.000Z",
      checkin_texto: "13:50 hora de Bogotá",
      checkin_por: "Usuario guia",
    });
    t.clock.set(new Date("2026-11-23T18:55:00.000Z"));
    const second = await registrar(b.referencia, salida, guia);
    expect(second.statusCode).toBe(409);
    expect(msgOf(second)).toBe("Esta reserva ya registró su llegada a las 13:50 hora de Bogotá");
    expect((await detalle(b.orderId)).succes[0]).toMatchObject({ checkin_at: "2026-11-23T18:50:00.000Z", checkin_por: "Usuario guia", salida });
    const audit = await t.db.select().from(auditLogTable).where(and(eq(auditLogTable.action, "checkin"), eq(auditLogTable.resourceId, String(b.orderId))));
    expect(audit).toHaveLength(1);

    // the roles that see every departure are told which departure the voucher is for
    const other = await registrar(b.referencia, `${t.cat.tourA}-20261125-0900`);
    expect(other.statusCode).toBe(409);
    expect(msgOf(other)).toBe("Este voucher es de otra salida: La Candelaria, lunes, 23 de noviembre de 2026 a las 14:00 hora de Bogotá");

    expect((await registrar("TR-ZZZZZZZZ", salida)).statusCode).toBe(404);
    expect((await registrar(b.referencia, "no-es-una-salida", guia)).statusCode).toBe(400);
  });

  it("a cancelled booking is refused at check-in", async () => {
    const b = await buyPaid(t, [line(t.cat.tourA, MONDAY_14)]);
    expect((await cancelar(b, undefined, freshIp())).statusCode).toBe(200);
    for (const res of [await consultaCheckin(b.referencia, `${t.cat.tourA}-20261123-1400`), await registrar(b.referencia, `${t.cat.tourA}-20261123-1400`)]) {
      expect(res.statusCode).toBe(409);
      expect(msgOf(res)).toBe("Esta reserva está cancelada");
    }
  });
});
