import { describe, expect, it } from "vitest";
import { RevendedorAnswer } from "@tours/contract";
import { OctoBooking } from "../src/modules/octo/octo.schemas.ts";
import { OCTO_MSG } from "../src/modules/octo/octo.messages.ts";
import { utcInstant } from "../src/modules/octo/octo.mapping.ts";
import { departure, MIN, newReseller, octo, octoError, ok, reserveBody, tourWithSchedule, useOctoApp, vacancies } from "./octo-fixtures.ts";

/** Issue 28: one reseller key cannot hoard a departure, and a reused uuid never passes for a retry. */

const env = useOctoApp();
const at = (minutes: number) => new Date(env.t.clock.now().getTime() + minutes * MIN);

describe("holds are capped per reseller (issue 28)", () => {
  it("a 1440-minute hold is cut to 60 minutes and its 1440-minute extensions stop at the hold's whole life (180 minutes)", async () => {
    const tourId = await tourWithSchedule(env, 12);
    const start = env.t.clock.now();
    const minutesAfter = (m: number) => new Date(start.getTime() + m * MIN);
    const held = ok(OctoBooking, await octo(env, env.keyA, "POST", "/bookings", reserveBody(tourId, Array(12).fill("adult"), { expirationMinutes: 1440 })));
    expect(held.utcExpiresAt).toBe(utcInstant(minutesAfter(60)));
    expect(await vacancies(env, departure(tourId))).toBe(0);

    env.t.clock.set(minutesAfter(50));
    const once = ok(OctoBooking, await octo(env, env.keyA, "POST", `/bookings/${held.uuid}/extend`, { expirationMinutes: 1440 }));
    expect(once.utcExpiresAt).toBe(utcInstant(minutesAfter(110)));
    env.t.clock.set(minutesAfter(100));
    const twice = ok(OctoBooking, await octo(env, env.keyA, "POST", `/bookings/${held.uuid}/extend`, { expirationMinutes: 1440 }));
    expect(twice.utcExpiresAt).toBe(utcInstant(minutesAfter(160)));
    env.t.clock.set(minutesAfter(150));
    const last = ok(OctoBooking, await octo(env, env.keyA, "POST", `/bookings/${held.uuid}/extend`, { expirationMinutes: 1440 }));
    expect(last.utcExpiresAt).toBe(utcInstant(minutesAfter(180)));
    env.t.clock.set(minutesAfter(170));
    const refused = octoError(await octo(env, env.keyA, "POST", `/bookings/${held.uuid}/extend`, { expirationMinutes: 1440 }), 400, "UNPROCESSABLE_ENTITY");
    expect(refused.errorMessage).toBe(OCTO_MSG.holdAtLimit(180));

    env.t.clock.set(minutesAfter(180));
    expect(await vacancies(env, departure(tourId))).toBe(12);
    expect(ok(OctoBooking, await octo(env, env.keyA, "GET", `/bookings/${held.uuid}`)).status).toBe("EXPIRED");
  });

  it("staff set each reseller's caps (APIs screen); a bad pair of caps is refused in Spanish", async () => {
    const r = await newReseller(env, "Con límites cortos");
    const shown = await env.t.app.inject({ method: "GET", url: `/api/revendedores/find/${r.id}`, headers: env.t.staff("admin") });
    expect(RevendedorAnswer.parse(shown.json()).succes).toMatchObject({ expiracion_max_minutos: 60, retencion_max_minutos: 180 });

    const bad = await env.t.app.inject({ method: "PUT", url: `/api/revendedores/${r.id}`, headers: env.t.staff("admin"), payload: { expiracion_max_minutos: 90, retencion_max_minutos: 30 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("no pueden superar la duración máxima");

    const put = await env.t.app.inject({ method: "PUT", url: `/api/revendedores/${r.id}`, headers: env.t.staff("admin"), payload: { expiracion_max_minutos: 10, retencion_max_minutos: 30 } });
    expect(put.statusCode, put.body).toBe(200);
    expect(RevendedorAnswer.parse(put.json()).succes).toMatchObject({ activo: true, expiracion_max_minutos: 10, retencion_max_minutos: 30 });

    const tourId = await tourWithSchedule(env, 5);
    const held = ok(OctoBooking, await octo(env, r.api_key, "POST", "/bookings", reserveBody(tourId, ["adult"], { expirationMinutes: 1440 })));
    expect(held.utcExpiresAt).toBe(utcInstant(at(10)));
    // without expirationMinutes, our 15-minute default is cut to the reseller's 10 too
    const plain = ok(OctoBooking, await octo(env, r.api_key, "POST", "/bookings", reserveBody(tourId, ["adult"])));
    expect(plain.utcExpiresAt).toBe(utcInstant(at(10)));
    // another reseller keeps the defaults
    const other = ok(OctoBooking, await octo(env, env.keyB, "POST", "/bookings", reserveBody(tourId, ["adult"], { expirationMinutes: 1440 })));
    expect(other.utcExpiresAt).toBe(utcInstant(at(60)));
  });
});

describe("a reused uuid (issue 28, item 7)", () => {
  it("the same uuid with another body is INVALID_BOOKING_UUID naming the conflict, and the booking is unchanged; the same body is a retry", async () => {
    const tourId = await tourWithSchedule(env, 10);
    const uuid = "5d1c2f6e-8a43-4b7e-9c0d-2e6f1a3b4c5d";
    const body = reserveBody(tourId, ["adult"], { uuid, resellerReference: "R-7" });
    const first = ok(OctoBooking, await octo(env, env.keyA, "POST", "/bookings", body));
    expect(first.uuid).toBe(uuid);

    const three = octoError(await octo(env, env.keyA, "POST", "/bookings", { ...body, unitItems: [{ unitId: "adult" }, { unitId: "adult" }, { unitId: "adult" }] }), 400, "INVALID_BOOKING_UUID");
    expect(three).toMatchObject({ uuid, errorMessage: OCTO_MSG.uuidReused(["unitItems"]) });
    const otherDay = octoError(await octo(env, env.keyA, "POST", "/bookings", { ...body, availabilityId: departure(tourId, "2026-11-24") }), 400, "INVALID_BOOKING_UUID");
    expect(otherDay.errorMessage).toBe(OCTO_MSG.uuidReused(["availabilityId"]));

    const same = ok(OctoBooking, await octo(env, env.keyA, "POST", "/bookings", body));
    expect([same.supplierReference, same.unitItems.length, same.availabilityId]).toEqual([first.supplierReference, 1, departure(tourId)]);
    expect(await vacancies(env, departure(tourId))).toBe(9);
    expect(await vacancies(env, departure(tourId, "2026-11-24"))).toBe(10);
    // a retry is still a retry after the booking was confirmed
    await octo(env, env.keyA, "POST", `/bookings/${uuid}/confirm`, {});
    expect(ok(OctoBooking, await octo(env, env.keyA, "POST", "/bookings", body)).status).toBe("CONFIRMED");
  });
});
