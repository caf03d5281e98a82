import { describe, expect, it } from "vitest";
import { z } from "zod";
import { OctoAvailability, OctoBooking, OctoProduct } from "../src/modules/octo/octo.schemas.ts";
import { OCTO_MSG } from "../src/modules/octo/octo.messages.ts";
import { departure, octo, octoError, ok, PRICING, reserve, reserveBody, tourWithSchedule, useOctoApp, vacancies } from "./octo-fixtures.ts";

/** Issue 21: what the OCTO validator found, point by point (each checked against the OCTO specification). */

const env = useOctoApp();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9][0-9a-f]{3}-[089ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("OCTO certification (issue 21)", () => {
  it("1. a reservation without a uuid is made, with a uuid we generate, readable by it", async () => {
    const tourId = await tourWithSchedule(env, 10);
    const held = await reserve(env, tourId, ["adult", "adult"]);
    expect(held.uuid).toMatch(UUID);
    expect(held.status).toBe("ON_HOLD");
    expect((ok(OctoBooking, await octo(env, env.keyA, "GET", `/bookings/${held.uuid}`))).supplierReference).toBe(held.supplierReference);
    expect(await vacancies(env, departure(tourId))).toBe(8);
  });

  it("2. a VOUCHER booking carries its voucher: the QR code of our voucher, which holds the booking's reference", async () => {
    const tourId = await tourWithSchedule(env, 10);
    const product = ok(OctoProduct, await octo(env, env.keyA, "GET", `/products/${tourId}`));
    expect(product.deliveryMethods).toEqual(["VOUCHER"]);
    expect(product.deliveryFormats).toEqual(["QRCODE"]);
    const held = await reserve(env, tourId, ["adult"]);
    const booking = ok(OctoBooking, await octo(env, env.keyA, "POST", `/bookings/${held.uuid}/confirm`, { contact: { fullName: "Ana Gómez" } }));
    // the order as staff see it in Pedidos: its reference is what the voucher's QR code holds (check-in reads it)
    const order = await env.t.app.inject({ method: "GET", url: `/api/compra/find/${booking.supplierReference}`, headers: env.t.staff("admin") });
    const referencia = String(order.json().referencia);
    expect(referencia).toMatch(/^TR-/);
    expect(booking.voucher).toEqual({ redemptionMethod: "DIGITAL", utcRedeemedAt: null, deliveryOptions: [{ deliveryFormat: "QRCODE", deliveryValue: referencia }] });
  });

  it("3. unit item uuids are UUIDs, one per traveller, the same on every read", async () => {
    const tourId = await tourWithSchedule(env, 10);
    const held = await reserve(env, tourId, ["adult", "adult", "child"]);
    const uuids = held.unitItems.map((u) => u.uuid);
    for (const u of uuids) expect(u).toMatch(UUID);
    expect(new Set(uuids).size).toBe(3);
    expect(new Set([...uuids, held.uuid]).size).toBe(4);
    expect(ok(OctoBooking, await octo(env, env.keyA, "GET", `/bookings/${held.uuid}`)).unitItems.map((u) => u.uuid)).toEqual(uuids);
  });

  it("4. availability asked both by dates and by availabilityIds is a BAD_REQUEST", async () => {
    const tourId = await tourWithSchedule(env, 10);
    const base = { productId: String(tourId), optionId: "DEFAULT", availabilityIds: [departure(tourId)] };
    octoError(await octo(env, env.keyA, "POST", "/availability", { ...base, localDate: "2026-11-23" }), 400, "BAD_REQUEST");
    octoError(await octo(env, env.keyA, "POST", "/availability", { ...base, localDateStart: "2026-11-23", localDateEnd: "2026-11-24" }), 400, "BAD_REQUEST");
    octoError(await octo(env, env.keyA, "POST", "/availability", { productId: String(tourId), optionId: "DEFAULT", localDateStart: "2026-11-23" }), 400, "BAD_REQUEST");
    expect(ok(z.array(OctoAvailability), await octo(env, env.keyA, "POST", "/availability", base))).toHaveLength(1);
  });

  it("5. listing bookings needs a filter: none is a BAD_REQUEST, not every booking", async () => {
    const tourId = await tourWithSchedule(env, 10);
    await reserve(env, tourId, ["adult"], { resellerReference: "LISTA-1" });
    const res = octoError(await octo(env, env.keyA, "GET", "/bookings"), 400, "BAD_REQUEST");
    expect(res.errorMessage).toBe(OCTO_MSG.listFilter);
    expect(ok(z.array(OctoBooking), await octo(env, env.keyA, "GET", "/bookings?resellerReference=LISTA-1"))).toHaveLength(1);
  });

  it("6. an unknown product, option, availability or unit answers its own error; a sold-out departure UNPROCESSABLE_ENTITY", async () => {
    const tourId = await tourWithSchedule(env, 2);
    octoError(await octo(env, env.keyA, "POST", "/bookings", { ...reserveBody(tourId, ["adult"]), productId: "999999" }), 400, "INVALID_PRODUCT_ID");
    octoError(await octo(env, env.keyA, "POST", "/bookings", { ...reserveBody(tourId, ["adult"]), optionId: "OTRA" }), 400, "INVALID_OPTION_ID");
    octoError(await octo(env, env.keyA, "POST", "/bookings", { ...reserveBody(tourId, ["adult"]), availabilityId: `${tourId}-20261123-1100` }), 400, "INVALID_AVAILABILITY_ID");
    octoError(await octo(env, env.keyA, "POST", "/bookings", reserveBody(tourId, ["senior"])), 400, "INVALID_UNIT_ID");
    await reserve(env, tourId, ["adult", "adult"]);
    const soldOut = octoError(await octo(env, env.keyA, "POST", "/bookings", reserveBody(tourId, ["adult"])), 400, "UNPROCESSABLE_ENTITY");
    expect(soldOut.errorMessage).toMatch(/agot/i);
    // missing or empty unit items: well formed, nothing to book
    octoError(await octo(env, env.keyA, "POST", "/bookings", { ...reserveBody(tourId, []), unitItems: undefined }), 400, "UNPROCESSABLE_ENTITY");
    octoError(await octo(env, env.keyA, "POST", "/bookings", reserveBody(tourId, [])), 400, "UNPROCESSABLE_ENTITY");
  });

  it("7. confirming with unitItems confirms those travellers; an unknown unit is INVALID_UNIT_ID and changes nothing", async () => {
    const tourId = await tourWithSchedule(env, 10);
    const held = await reserve(env, tourId, ["adult", "adult", "adult", "adult"]);
    expect(await vacancies(env, departure(tourId))).toBe(6);
    octoError(await octo(env, env.keyA, "POST", `/bookings/${held.uuid}/confirm`, { unitItems: [{ unitId: "adult" }, { unitId: "senior" }] }), 400, "INVALID_UNIT_ID");
    const still = ok(OctoBooking, await octo(env, env.keyA, "GET", `/bookings/${held.uuid}`));
    expect([still.status, still.unitItems.length]).toEqual(["ON_HOLD", 4]);

    const three = [{ unitId: "adult" }, { unitId: "adult" }, { unitId: "child" }];
    const confirmed = ok(OctoBooking, await octo(env, env.keyA, "POST", `/bookings/${held.uuid}/confirm`, { unitItems: three }, PRICING));
    expect(confirmed.status).toBe("CONFIRMED");
    expect(confirmed.unitItems.map((u) => u.unitId)).toEqual(["adult", "adult", "child"]);
    expect(confirmed.pricing?.retail).toBe(2000 * 2 + 1200);
    expect(await vacancies(env, departure(tourId))).toBe(7);
  });

  it("8. the contact's notes and the booking's notes are kept apart through reserve, confirm and PATCH", async () => {
    const tourId = await tourWithSchedule(env, 10);
    const held = await reserve(env, tourId, ["adult"], { notes: "Llega en silla de ruedas", contact: { fullName: "Ana Gómez", notes: "Prefiere WhatsApp" } });
    expect([held.notes, held.contact.notes]).toEqual(["Llega en silla de ruedas", "Prefiere WhatsApp"]);
    const confirmed = ok(OctoBooking, await octo(env, env.keyA, "POST", `/bookings/${held.uuid}/confirm`, { contact: { fullName: "Ana Gómez", notes: "Llamar después de las 18:00" } }));
    expect([confirmed.notes, confirmed.contact.notes]).toEqual(["Llega en silla de ruedas", "Llamar después de las 18:00"]);
    const patched = ok(OctoBooking, await octo(env, env.keyA, "PATCH", `/bookings/${held.uuid}`, { notes: "Trae coche de bebé" }));
    expect([patched.notes, patched.contact.notes]).toEqual(["Trae coche de bebé", "Llamar después de las 18:00"]);
  });

  it("9. octo/pricing says prices are per unit; utcCutoffAt has whole seconds like OCTO's examples", async () => {
    const tourId = await tourWithSchedule(env, 10);
    const product = ok(OctoProduct, await octo(env, env.keyA, "GET", `/products/${tourId}`, undefined, PRICING));
    expect(product.pricingPer).toBe("UNIT");
    expect(ok(OctoProduct, await octo(env, env.keyA, "GET", `/products/${tourId}`)).pricingPer).toBeUndefined();
    const [offered] = ok(z.array(OctoAvailability), await octo(env, env.keyA, "POST", "/availability", { productId: String(tourId), optionId: "DEFAULT", localDate: "2026-11-23" }));
    expect(offered!.utcCutoffAt).toBe("2026-11-23T13:00:00Z");
    const held = await reserve(env, tourId, ["adult"], {}, env.keyA);
    expect(held.utcCreatedAt).toMatch(/T\d{2}:\d{2}:\d{2}Z$/);
  });

  it("10. PATCH moves a booking to another departure (the rest in octo-cambio.test.ts)", async () => {
    const tourId = await tourWithSchedule(env, 10);
    const held = await reserve(env, tourId, ["adult", "adult"]);
    const moved = ok(OctoBooking, await octo(env, env.keyA, "PATCH", `/bookings/${held.uuid}`, { availabilityId: departure(tourId, "2026-11-24") }));
    expect(moved.availabilityId).toBe(departure(tourId, "2026-11-24"));
    expect(await vacancies(env, departure(tourId))).toBe(10);
    expect(await vacancies(env, departure(tourId, "2026-11-24"))).toBe(8);
  });
});
