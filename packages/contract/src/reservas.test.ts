import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "./client.ts";
import { CALLS } from "./calls.ts";
import {
  CheckinBody,
  PedidoDetalleAnswer,
  ReembolsarBody,
  ReservaCancelAnswer,
  ReservaCancelarBody,
  ReservaConsultaBody,
} from "./reservas.ts";

const msgs = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues.map((i) => i.message) ?? [];

describe("Mi reserva bodies", () => {
  it("accept a reference and a 6-digit PIN as text or number (leading zeros kept)", () => {
    expect(ReservaConsultaBody.parse({ referencia: " TR-7KQ2M9XP ", pin: "012 345" })).toEqual({ referencia: "TR-7KQ2M9XP", pin: "012345" });
    expect(ReservaConsultaBody.parse({ referencia: "tr7kq2m9xp", pin: 12345 }).pin).toBe("012345");
  });

  it("answer Spanish messages for a missing reference and a PIN that is not 6 digits", () => {
    expect(msgs(ReservaConsultaBody.safeParse({ referencia: "", pin: "12a456" }))).toEqual([
      "Escribe la referencia de tu reserva (por ejemplo TR-7KQ2M9XP)",
      "El PIN son los 6 números que recibiste con tu reserva",
    ]);
  });

  it("a cancel names one line or none (the whole booking)", () => {
    expect(ReservaCancelarBody.parse({ referencia: "TR-1", pin: "123456", linea: "7" }).linea).toBe(7);
    expect(ReservaCancelarBody.parse({ referencia: "TR-1", pin: "123456", linea: "" }).linea).toBeUndefined();
    expect(msgs(ReservaCancelarBody.safeParse({ referencia: "TR-1", pin: "123456", linea: "x" }))).toEqual(["La línea de la reserva no es válida"]);
    expect(ReembolsarBody.parse({ motivo: "  " })).toEqual({ linea: undefined, motivo: undefined });
    expect(msgs(CheckinBody.safeParse({ referencia: "TR-1" }))).toEqual(["Indica la salida (tour, fecha y hora) del registro de llegada"]);
  });
});

describe("answers", () => {
  it("the order detail stays readable without the additions (older API)", () => {
    const old = PedidoDetalleAnswer.parse({ succes: [] });
    expect(old).toEqual({ succes: [], reembolsos: [], correos: [], cambios: [] });
  });

  it("a cancel answer needs the refund", () => {
    expect(ReservaCancelAnswer.safeParse({ succes: {} }).success).toBe(false);
  });

  it("the calls are in the table: public Mi reserva, staff refund and check-in", () => {
    expect(CALLS.reservaConsulta).toMatchObject({ method: "POST", path: "/api/reserva/consulta", auth: false });
    expect(CALLS.reservaCancelar).toMatchObject({ method: "POST", path: "/api/reserva/cancelar", auth: false });
    expect(CALLS.compraReembolsar).toMatchObject({ method: "POST", path: "/api/compra/reembolsar/:pedidoId", auth: true });
    expect(CALLS.checkinConsulta).toMatchObject({ method: "GET", path: "/api/checkin/consulta", auth: true });
    expect(CALLS.checkin).toMatchObject({ method: "POST", path: "/api/checkin", auth: true });
  });
});

describe("client methods", () => {
  let server: http.Server;
  let baseUrl: string;
  const seen: Array<{ method: string; url: string; body: string }> = [];
  const checkin = {
    pedido_id: 3, referencia: "TR-7KQ2M9XP", nombre: "Ana", apellido: "Gómez", salida: "4-20261123-1400", tour_nombre: "La Candelaria",
    fecha_texto: "lunes, 23 de noviembre de 2026", hora_texto: "14:00 hora de Bogotá", mayores15: 2, menoresde15_a4: 0, menores3: 0,
    mascotas: 0, personas: 2, checkin_at: null, checkin_texto: null, checkin_por: null,
  };
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        seen.push({ method: req.method ?? "", url: req.url ?? "", body: Buffer.concat(chunks).toString() });
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ succes: checkin }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("check-in: the query carries reference and departure; the POST the body", async () => {
    const api = createApiClient({ baseUrl, token: "tok" });
    expect((await api.checkin.consulta("TR-7KQ2M9XP", "4-20261123-1400")).succes.personas).toBe(2);
    await api.checkin.registrar({ referencia: "TR-7KQ2M9XP", salida: "4-20261123-1400" });
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      "GET /api/checkin/consulta?referencia=TR-7KQ2M9XP&salida=4-20261123-1400",
      "POST /api/checkin",
    ]);
    expect(JSON.parse(seen[1]!.body)).toEqual({ referencia: "TR-7KQ2M9XP", salida: "4-20261123-1400" });
  });
});
