import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf } from "../src/db/rows.ts";
import { OctoBooking } from "../src/modules/octo/octo.schemas.ts";
import { bearer } from "./helpers.ts";
import { addDays, wallClock } from "@tours/domain";
import { departure, octo, ok, reserve, tourWithSchedule, useOctoApp } from "./octo-fixtures.ts";
import { databaseUrlOf, startSecondApi, type SecondApi } from "./second-api.ts";

/**
 * OCTO webhooks with two API processes on one PostgreSQL (issue 24): both run delivery workers; every event is
 * POSTed once, by whichever process claims it, and a booking's events arrive in the order they happened.
 */
const WEBHOOK_ENV = { OCTO_WEBHOOK_ADDRESSES: "loopback", OCTO_WEBHOOK_TIMEOUT_MS: "2000", OCTO_WEBHOOK_RETRY_SECONDS: "0.5" };
const env = useOctoApp({ jobs: true, env: WEBHOOK_ENV });

describe.runIf(!!process.env.DATABASE_URL)("webhook deliveries shared by two API processes", () => {
  let second: SecondApi | undefined;
  const received: Array<{ id: string; event: string; uuid?: string; status?: string }> = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const json = JSON.parse(body) as { id: string; event: string; booking?: { uuid: string; status: string } };
      received.push({ id: json.id, event: json.event, uuid: json.booking?.uuid, status: json.booking?.status });
      // slow enough that both processes' workers have deliveries in flight at once
      setTimeout(() => res.end("ok"), 50);
    });
  });
  afterAll(async () => {
    await second?.stop();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("sends each of 60 events exactly once, each booking's in order", async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    second = await startSecondApi(databaseUrlOf(env.t.deps.db), WEBHOOK_ENV);
    for (const event of ["booking_update", "availability_update"]) {
      const res = await env.t.app.inject({ method: "POST", url: "/octo/webhooks", headers: bearer(env.keyA), payload: { url, event } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const tourId = await tourWithSchedule(env, 40);
    // from here both processes on the real clock (the second has no other), so a hold's lapse means the same to both
    env.t.clock.set(new Date());
    const availabilityId = departure(tourId, addDays(wallClock(new Date(), "America/Bogota").date, 5));
    const uuids: string[] = [];
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        const held = await reserve(env, tourId, ["adult"], { availabilityId });
        uuids.push(held.uuid);
        ok(OctoBooking, await octo(env, env.keyA, "POST", `/bookings/${held.uuid}/confirm`, { contact: { fullName: "Eva Ruiz", emailAddress: "eva@example.com" } }));
        ok(OctoBooking, await octo(env, env.keyA, "POST", `/bookings/${held.uuid}/cancel`, {}));
      }),
    );
    // 20 confirmations + 20 cancellations (booking_update, written with the change) + 20 freed places
    // (availability_update, written when the freed-places event is handled, in either process)
    const owed = async () =>
      rowsOf<{ n: number; entregadas: number }>(await env.t.db.execute(sql`select count(*)::int as n, count(*) filter (where estado = 'entregada')::int as entregadas from octo_webhook_entrega`))[0]!;
    expect((await owed()).n).toBeGreaterThanOrEqual(40);
    const end = Date.now() + 60_000;
    while ((await owed()).entregadas < 60 && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
    expect(await owed()).toEqual({ n: 60, entregadas: 60 });
    await new Promise((r) => setTimeout(r, 1000)); // a duplicate, if any, would arrive now

    expect(received).toHaveLength(60);
    expect(new Set(received.map((r) => r.id)).size).toBe(60);
    for (const uuid of uuids) {
      const mine = received.filter((r) => r.uuid === uuid);
      expect(mine).toHaveLength(2);
      expect(mine[1]!.status).toBe("CANCELLED");
    }
  });
});
