import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CompraCreateAnswer, ManifiestoAnswer } from "@tours/contract";
import {
  OctoAvailability,
  OctoBooking,
  OctoCalendarDay,
  OctoProduct,
  OctoSupplier,
} from "../src/modules/octo/octo.schemas.ts";
import { OCTO_MSG } from "../src/modules/octo/octo.messages.ts";
import { utcInstant } from "../src/modules/octo/octo.mapping.ts";
import { COMPRA_MSG } from "../src/modules/compra/compra.messages.ts";
import { NOW, buyer, line } from "./compra-fixtures.ts";
import { MIN, newReseller, octo as octoCall, octoError, ok, PRICING, tourWithSchedule, useOctoApp } from "./octo-fixtures.ts";

const env = useOctoApp();

function octo(key: string, method: "GET" | "POST" | "PATCH", url: string, payload?: object, headers: Record<string, string> = {}) {
  return octoCall(env, key, method, url, payload, headers);
}

// Monday 23 November 2026, 10:00 in Bogotá (UTC−5)
const MONDAY = (tourId: number) => `${tourId}-20261123-1000`;
let uuidSeq = 0;
const newUuid = () => `00000000-0000-4000-8000-${String(++uuidSeq).padStart(12, "0")}`;

function reserveBody(tourId: number, units: string[], extra: Record<string, unknown> = {}) {
  return {
    uuid: newUuid(),
    productId: String(tourId),
    optionId: "DEFAULT",
    availabilityId: MONDAY(tourId),
    unitItems: units.map((unitId) => ({ unitId })),
    ...extra,
  };
}

async function manifest(tourId: number) {
  const res = await env.t.app.inject({ method: "GET", url: `/api/salidas/manifiesto/${MONDAY(tourId)}`, headers: env.t.staff("admin") });
  expect(res.statusCode, res.body).toBe(200);
  return ManifiestoAnswer.parse(res.json()).succes;
}

async function vacancies(key: string, tourId: number): Promise<number | null> {
  const list = await ok(z.array(OctoAvailability), await octo(key, "POST", "/availability", { productId: String(tourId), optionId: "DEFAULT", availabilityIds: [MONDAY(tourId)] }));
  return list[0]!.vacancies;
}

describe("OCTO core flow", () => {
  it("products → calendar → availability → reserve → extend → confirm → get → list → cancel, every answer parsed", async () => {
    const tourId = await tourWithSchedule(env, 10, { mascotas: true });

    const supplier = await ok(OctoSupplier, await octo(env.keyA, "GET", "/supplier"));
    expect(supplier.endpoint).toMatch(/\/octo$/);

    const products = await ok(z.array(OctoProduct), await octo(env.keyA, "GET", "/products", undefined, PRICING));
    const p = products.find((x) => x.id === String(tourId))!;
    expect(p).toMatchObject({ timeZone: "America/Bogota", meetingPoint: "Plaza de Bolívar", inclusions: ["Guía", "Agua"], exclusions: ["Propinas"], defaultCurrency: "USD" });
    expect(p.options).toHaveLength(1);
    expect(p.options[0]!.availabilityLocalStartTimes).toEqual(["10:00"]);
    expect(p.options[0]!.units.map((u) => [u.id, u.type, u.restrictions.minAge, u.restrictions.maxAge, u.pricingFrom?.[0]?.retail])).toEqual([
      ["adult", "ADULT", 16, 120, 2000],
      ["child", "CHILD", 4, 15, 1200],
      ["infant", "INFANT", 0, 3, 0],
      ["pet", "OTHER", 0, 120, 400],
    ]);
    // without the pricing capability there are no prices
    const plain = await ok(OctoProduct, await octo(env.keyA, "GET", `/products/${tourId}`));
    expect(plain.options[0]!.units[0]!.pricingFrom).toBeUndefined();

    const calendar = await ok(
      z.array(OctoCalendarDay),
      await octo(env.keyA, "POST", "/availability/calendar", { productId: String(tourId), optionId: "DEFAULT", localDateStart: "2026-11-23", localDateEnd: "2026-11-25" }),
    );
    expect(calendar.map((d) => [d.localDate, d.status, d.vacancies, d.available])).toEqual([
      ["2026-11-23", "AVAILABLE", 10, true],
      ["2026-11-24", "AVAILABLE", 10, true],
      ["2026-11-25", "AVAILABLE", 10, true],
    ]);

    const avail = await ok(
      z.array(OctoAvailability),
      await octo(env.keyA, "POST", "/availability", { productId: String(tourId), optionId: "DEFAULT", localDate: "2026-11-23", units: [{ id: "adult", quantity: 2 }] }, PRICING),
    );
    expect(avail).toHaveLength(1);
    expect(avail[0]).toMatchObject({
      id: MONDAY(tourId),
      localDateTimeStart: "2026-11-23T10:00:00-05:00",
      status: "AVAILABLE",
      vacancies: 10,
      capacity: 10,
      available: true,
      utcCutoffAt: "2026-11-23T13:00:00Z",
      pricing: { retail: 4000, currency: "USD" },
    });

    const reserveRes = await octo(env.keyA, "POST", "/bookings", reserveBody(tourId, ["adult", "adult", "child", "pet"], { resellerReference: "KLK-1", expirationMinutes: 30 }), PRICING);
    const held = await ok(OctoBooking, reserveRes);
    expect(reserveRes.headers["octo-capabilities"]).toBe("octo/pricing");
    expect(held).toMatchObject({ status: "ON_HOLD", resellerReference: "KLK-1", utcExpiresAt: utcInstant(new Date(NOW.getTime() + 30 * MIN)), availabilityId: MONDAY(tourId) });
    expect(held.pricing).toMatchObject({ retail: 2000 * 2 + 1200 + 400, currency: "USD", currencyPrecision: 2 });
    expect(held.unitItems.map((u) => u.unitId)).toEqual(["adult", "adult", "child", "pet"]);
    // the pet takes no place: 3 persons held
    expect(await vacancies(env.keyA, tourId)).toBe(7);

    env.t.clock.set(new Date(NOW.getTime() + 20 * MIN));
    const extended = await ok(OctoBooking, await octo(env.keyA, "POST", `/bookings/${held.uuid}/extend`, { expirationMinutes: 60 }));
    expect(extended.utcExpiresAt).toBe(utcInstant(new Date(env.t.clock.now().getTime() + 60 * MIN)));

    env.t.clock.set(new Date(NOW.getTime() + 45 * MIN)); // past the first expiry, within the extension
    const confirmed = await ok(
      OctoBooking,
      await octo(env.keyA, "POST", `/bookings/${held.uuid}/confirm`, { contact: { fullName: "Lucía Pérez Ríos", emailAddress: "lucia@example.com" }, resellerReference: "KLK-1b" }),
    );
    expect(confirmed).toMatchObject({ status: "CONFIRMED", utcExpiresAt: null, resellerReference: "KLK-1b", cancellable: true });
    expect(confirmed.contact).toMatchObject({ firstName: "Lucía", lastName: "Pérez Ríos", emailAddress: "lucia@example.com" });
    // confirming twice is harmless
    expect((await ok(OctoBooking, await octo(env.keyA, "POST", `/bookings/${held.uuid}/confirm`, {}))).status).toBe("CONFIRMED");

    const got = await ok(OctoBooking, await octo(env.keyA, "GET", `/bookings/${held.uuid}`));
    expect(got.status).toBe("CONFIRMED");
    const patched = await ok(OctoBooking, await octo(env.keyA, "PATCH", `/bookings/${held.uuid}`, { notes: "Silla de ruedas" }));
    expect(patched.notes).toBe("Silla de ruedas");

    for (const query of ["resellerReference=KLK-1b", `supplierReference=${got.supplierReference}`, "localDate=2026-11-23", "localDateStart=2026-11-20&localDateEnd=2026-11-30"]) {
      const list = await ok(z.array(OctoBooking), await octo(env.keyA, "GET", `/bookings?${query}`));
      expect(list.map((b) => b.uuid), query).toEqual([held.uuid]);
    }
    expect(await ok(z.array(OctoBooking), await octo(env.keyA, "GET", "/bookings?localDate=2026-11-24"))).toEqual([]);

    // the booking is an order: in Pedidos with its reseller and reference, paid by the reseller (no PayPal), and in the manifest
    const pedidos = await env.t.app.inject({ method: "GET", url: "/api/compra/index", headers: env.t.staff("admin") });
    const pedido = (pedidos.json().succes as Array<Record<string, unknown>>).find((x) => String(x.id) === got.supplierReference)!;
    expect(pedido).toMatchObject({ estado: "pagado", status: true, canal: "octo", revendedor_id: env.resellerA, revendedor_referencia: "KLK-1b", id_pay: null, nombre: "Lucía" });
    const m = await manifest(tourId);
    expect(m.pedidos.map((x) => [x.estado, x.personas, x.mascotas])).toEqual([["pagado", 3, 1]]);

    const cancelled = await ok(OctoBooking, await octo(env.keyA, "POST", `/bookings/${held.uuid}/cancel`, { reason: "El cliente no viaja" }));
    expect(cancelled).toMatchObject({ status: "CANCELLED", cancellation: { refund: "FULL", reason: "El cliente no viaja" } });
    expect(await vacancies(env.keyA, tourId)).toBe(10);
  });

  it("a hold not confirmed expires by the clock and frees its places; it cannot be confirmed or extended after", async () => {
    const tourId = await tourWithSchedule(env, 2);
    const held = await ok(OctoBooking, await octo(env.keyA, "POST", "/bookings", reserveBody(tourId, ["adult", "adult"], { expirationMinutes: 10 })));
    expect(await vacancies(env.keyA, tourId)).toBe(0);
    const full = await octo(env.keyA, "POST", "/bookings", reserveBody(tourId, ["adult"]));
    octoError(full, 400, "UNPROCESSABLE_ENTITY");

    env.t.clock.set(new Date(NOW.getTime() + 10 * MIN));
    expect(await vacancies(env.keyA, tourId)).toBe(2);
    expect((await ok(OctoBooking, await octo(env.keyA, "GET", `/bookings/${held.uuid}`))).status).toBe("EXPIRED");
    expect(octoError(await octo(env.keyA, "POST", `/bookings/${held.uuid}/confirm`, {}), 400, "UNPROCESSABLE_ENTITY").errorMessage).toBe(OCTO_MSG.expired);
    octoError(await octo(env.keyA, "POST", `/bookings/${held.uuid}/extend`, {}), 400, "UNPROCESSABLE_ENTITY");
    // the storefront can now sell them
    const res = await env.t.app.inject({ method: "POST", url: "/api/compra/create", payload: { ...buyer(), pedidos: [line(tourId, "11/23/2026-10:00", { mayores_15: 2 })] } });
    expect(res.statusCode, res.body).toBe(200);
  });

  it("reserving more than the vacancies is refused and holds nothing", async () => {
    const tourId = await tourWithSchedule(env, 3);
    const res = await octo(env.keyA, "POST", "/bookings", reserveBody(tourId, ["adult", "adult", "child", "infant"]));
    expect(octoError(res, 400, "UNPROCESSABLE_ENTITY").errorMessage).toBe(COMPRA_MSG.fewLeft("lunes, 23 de noviembre de 2026 a las 10:00 hora de Bogotá", 3));
    expect(await vacancies(env.keyA, tourId)).toBe(3);
  });

  it("the same uuid twice (even at once) creates one booking", async () => {
    const tourId = await tourWithSchedule(env, 10);
    const body = reserveBody(tourId, ["adult", "adult"]);
    const answers = await Promise.all([octo(env.keyA, "POST", "/bookings", body), octo(env.keyA, "POST", "/bookings", body), octo(env.keyA, "POST", "/bookings", body)]);
    const bookings = await Promise.all(answers.map((r) => ok(OctoBooking, r)));
    expect(new Set(bookings.map((b) => b.supplierReference)).size).toBe(1);
    expect(await vacancies(env.keyA, tourId)).toBe(8);
    expect((await manifest(tourId)).pedidos).toHaveLength(1);
    // another reseller cannot reuse it (OCTO: "The uuid was already used")
    octoError(await octo(env.keyB, "POST", "/bookings", body), 400, "INVALID_BOOKING_UUID");
  });

  it("cancel after the cutoff, or of a non-refundable tour, is refused with UNPROCESSABLE_ENTITY", async () => {
    const tourId = await tourWithSchedule(env, 10);
    const held = await ok(OctoBooking, await octo(env.keyA, "POST", "/bookings", reserveBody(tourId, ["adult"])));
    await ok(OctoBooking, await octo(env.keyA, "POST", `/bookings/${held.uuid}/confirm`, {}));
    env.t.clock.set(new Date("2026-11-23T13:00:00Z")); // 08:00 in Bogotá: the 2-hour cutoff
    const late = octoError(await octo(env.keyA, "POST", `/bookings/${held.uuid}/cancel`, {}), 400, "UNPROCESSABLE_ENTITY");
    expect(late.errorMessage).toBe(OCTO_MSG.afterCutoff(2));
    expect((await ok(OctoBooking, await octo(env.keyA, "GET", `/bookings/${held.uuid}`))).status).toBe("CONFIRMED");

    env.t.clock.set(NOW);
    const strict = await tourWithSchedule(env, 10, { reembolsable: false });
    const b = await ok(OctoBooking, await octo(env.keyA, "POST", "/bookings", reserveBody(strict, ["adult"])));
    const c = await ok(OctoBooking, await octo(env.keyA, "POST", `/bookings/${b.uuid}/confirm`, {}));
    expect(c.cancellable).toBe(false);
    expect(octoError(await octo(env.keyA, "POST", `/bookings/${b.uuid}/cancel`, {}), 400, "UNPROCESSABLE_ENTITY").errorMessage).toBe(OCTO_MSG.nonRefundable);
    // a hold (nothing paid yet) can always be let go
    const h = await ok(OctoBooking, await octo(env.keyA, "POST", "/bookings", reserveBody(strict, ["adult"])));
    expect((await ok(OctoBooking, await octo(env.keyA, "POST", `/bookings/${h.uuid}/cancel`, {}))).status).toBe("CANCELLED");
  });

  it("answers OCTO's errors for unknown products, options, units, availabilities, bookings and bad bodies", async () => {
    const tourId = await tourWithSchedule(env, 5);
    octoError(await octo(env.keyA, "GET", "/products/999999"), 400, "INVALID_PRODUCT_ID");
    octoError(await octo(env.keyA, "POST", "/availability", { productId: String(tourId), optionId: "OTRA", localDate: "2026-11-23" }), 400, "INVALID_OPTION_ID");
    octoError(await octo(env.keyA, "POST", "/bookings", reserveBody(tourId, ["senior"])), 400, "INVALID_UNIT_ID");
    octoError(await octo(env.keyA, "POST", "/bookings", { ...reserveBody(tourId, ["adult"]), availabilityId: `${tourId}-20261123-1100` }), 400, "INVALID_AVAILABILITY_ID");
    octoError(await octo(env.keyA, "POST", "/bookings", { ...reserveBody(tourId, ["adult"]), availabilityId: `${env.t.cat.tourA}-20261123-0900` }), 400, "INVALID_AVAILABILITY_ID");
    octoError(await octo(env.keyA, "GET", "/bookings/no-existe"), 400, "INVALID_BOOKING_UUID");
    octoError(await octo(env.keyA, "POST", "/bookings", { productId: String(tourId) }), 400, "BAD_REQUEST");
    octoError(await octo(env.keyA, "POST", "/bookings", reserveBody(tourId, ["infant"])), 400, "UNPROCESSABLE_ENTITY");
  });
});

describe("OCTO end times", () => {
  it("an availability and a booking's availability end at start + the tour's duration; at the start when it has none", async () => {
    const timed = await tourWithSchedule(env, 10, { duracionMinutos: 210 });
    const untimed = await tourWithSchedule(env, 10);
    const availabilityOf = async (tourId: number) =>
      (await ok(z.array(OctoAvailability), await octo(env.keyA, "POST", "/availability", { productId: String(tourId), optionId: "DEFAULT", localDate: "2026-11-23" })))[0]!;
    expect(await availabilityOf(timed)).toMatchObject({ localDateTimeStart: "2026-11-23T10:00:00-05:00", localDateTimeEnd: "2026-11-23T13:30:00-05:00" });
    expect(await availabilityOf(untimed)).toMatchObject({ localDateTimeStart: "2026-11-23T10:00:00-05:00", localDateTimeEnd: "2026-11-23T10:00:00-05:00" });
    const held = await ok(OctoBooking, await octo(env.keyA, "POST", "/bookings", reserveBody(timed, ["adult"])));
    expect(held.availability).toMatchObject({ localDateTimeStart: "2026-11-23T10:00:00-05:00", localDateTimeEnd: "2026-11-23T13:30:00-05:00" });
  });
});

describe("OCTO keys", () => {
  it("no key or a wrong key gets 401; a revoked key gets 401 at once and works again when turned back on", async () => {
    octoError(await env.t.app.inject({ method: "GET", url: "/octo/products" }), 401, "UNAUTHORIZED");
    octoError(await octo("octo_no-es-una-clave", "GET", "/products"), 401, "UNAUTHORIZED");
    const r = await newReseller(env, "Temporal");
    expect(r.api_key).toMatch(/^octo_/);
    expect((await octo(r.api_key, "GET", "/products")).statusCode).toBe(200);
    // the list never shows the key
    const list = await env.t.app.inject({ method: "GET", url: "/api/revendedores", headers: env.t.staff("admin") });
    expect(list.body).not.toContain(r.api_key);
    expect(list.json().succes.find((x: { id: number }) => x.id === r.id)).toMatchObject({ nombre: "Temporal", activo: true, key_prefijo: r.api_key.slice(0, 12) });

    const off = await env.t.app.inject({ method: "PUT", url: `/api/revendedores/${r.id}`, headers: env.t.staff("admin"), payload: { activo: false } });
    expect(off.json().succes.activo).toBe(false);
    octoError(await octo(r.api_key, "GET", "/products"), 401, "UNAUTHORIZED");
    await env.t.app.inject({ method: "PUT", url: `/api/revendedores/${r.id}`, headers: env.t.staff("admin"), payload: { activo: true } });
    expect((await octo(r.api_key, "GET", "/products")).statusCode).toBe(200);
    // the panel calls are the staff's
    expect((await env.t.app.inject({ method: "POST", url: "/api/revendedores", payload: { nombre: "x" } })).statusCode).toBe(401);
  });

  it("a key of reseller A cannot read, list, confirm or cancel reseller B's bookings", async () => {
    const tourId = await tourWithSchedule(env, 5);
    const b = await ok(OctoBooking, await octo(env.keyB, "POST", "/bookings", reserveBody(tourId, ["adult"], { resellerReference: "B-1" })));
    octoError(await octo(env.keyA, "GET", `/bookings/${b.uuid}`), 400, "INVALID_BOOKING_UUID");
    octoError(await octo(env.keyA, "POST", `/bookings/${b.uuid}/confirm`, {}), 400, "INVALID_BOOKING_UUID");
    octoError(await octo(env.keyA, "POST", `/bookings/${b.uuid}/cancel`, {}), 400, "INVALID_BOOKING_UUID");
    expect(await ok(z.array(OctoBooking), await octo(env.keyA, "GET", "/bookings?resellerReference=B-1"))).toEqual([]);
    expect((await ok(z.array(OctoBooking), await octo(env.keyB, "GET", "/bookings?resellerReference=B-1"))).map((x) => x.uuid)).toEqual([b.uuid]);
  });
});

describe("storefront and OCTO share one capacity", () => {
  it("concurrent storefront checkouts and OCTO reservations for the last places never sell more than the capacity", async () => {
    const tourId = await tourWithSchedule(env, 6);
    // 4 places already sold through OCTO
    const first = await ok(OctoBooking, await octo(env.keyA, "POST", "/bookings", reserveBody(tourId, ["adult", "adult", "adult", "adult"])));
    await ok(OctoBooking, await octo(env.keyA, "POST", `/bookings/${first.uuid}/confirm`, {}));

    const storefront = Array.from({ length: 12 }, () =>
      env.t.app.inject({ method: "POST", url: "/api/compra/create", payload: { ...buyer(), pedidos: [line(tourId, "11/23/2026-10:00")] } }),
    );
    const resellers = Array.from({ length: 12 }, (_, i) => octo(i % 2 ? env.keyA : env.keyB, "POST", "/bookings", reserveBody(tourId, ["adult"])));
    const answers = await Promise.all([...storefront, ...resellers]);
    const shopOk = answers.slice(0, 12).filter((r) => r.statusCode === 200);
    const octoOk = answers.slice(12).filter((r) => r.statusCode === 200);
    for (const r of answers.slice(0, 12)) expect([200, 409]).toContain(r.statusCode);
    for (const r of answers.slice(12)) if (r.statusCode !== 200) octoError(r, 400, "UNPROCESSABLE_ENTITY");
    for (const r of shopOk) CompraCreateAnswer.parse(r.json());
    expect(shopOk.length + octoOk.length).toBe(2);

    const m = await manifest(tourId);
    expect(m.pedidos.reduce((n, p) => n + p.personas, 0)).toBe(6);
    expect(await vacancies(env.keyA, tourId)).toBe(0);
  });
});
