import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf } from "../src/db/rows.ts";
import { OctoBooking } from "../src/modules/octo/octo.schemas.ts";
import { OCTO_MSG } from "../src/modules/octo/octo.messages.ts";
import { signWebhook } from "../src/modules/octo/octo.webhooks.ts";
import { addressAllowed, postWebhook, webhookUrlProblem } from "../src/modules/octo/webhook-http.ts";
import type { Db } from "../src/db/client.ts";
import { recordPlacesFreed } from "../src/modules/plazas/plazas-liberadas.ts";
import { NOW } from "./compra-fixtures.ts";
import { bearer } from "./helpers.ts";
import { departure, newReseller, octo, octoError, ok, reserve, tourWithSchedule, useOctoApp } from "./octo-fixtures.ts";
import { waitFor } from "./wait-for.ts";

/**
 * OCTO webhooks (issue 24): registration, signed deliveries in order per booking and availability, retries while a
 * receiver is down, and receivers that hang, redirect or answer too much. Every receiver listens on 127.0.0.1, and
 * the API runs with OCTO_WEBHOOK_ADDRESSES=loopback: nothing here can send a packet elsewhere.
 */

interface Received {
  headers: IncomingMessage["headers"];
  body: string;
  json: { id: string; event: string; occurredAt: string; webhook: { id: string }; booking?: { uuid: string; status: string }; availability?: { id: string; vacancies: number | null } };
}

/** A local receiver: `answer` decides each request's fate (default 200); every request is recorded first. */
async function receiver(answer: (req: IncomingMessage, res: ServerResponse, n: number) => void = (_q, res) => res.end("ok")) {
  const received: Received[] = [];
  let connections = 0;
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      received.push({ headers: req.headers, body, json: JSON.parse(body) as Received["json"] });
      answer(req, res, received.length);
    });
  });
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return {
    url,
    received,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

const env = useOctoApp({
  jobs: true,
  env: { OCTO_WEBHOOK_ADDRESSES: "loopback", OCTO_WEBHOOK_TIMEOUT_MS: "1000", OCTO_WEBHOOK_RETRY_SECONDS: "0.5" },
});

function register(key: string, payload: object) {
  return env.t.app.inject({ method: "POST", url: "/octo/webhooks", headers: bearer(key), payload });
}

async function registered(key: string, url: string, event: string) {
  const res = await register(key, { url, event });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; event: string; url: string; signingSecret: string };
}

async function deliveries(webhookId: string) {
  return rowsOf<{ estado: string; intentos: number; ultimo_error: string | null }>(
    await env.t.db.execute(sql`select estado, intentos, ultimo_error from octo_webhook_entrega where webhook_id = ${webhookId} order by id`),
  );
}

const receivers: Array<{ close(): Promise<void> }> = [];
afterAll(async () => {
  for (const r of receivers) await r.close();
});

describe("registering webhooks (POST/GET/DELETE /octo/webhooks)", () => {
  it("registers, lists and deletes a reseller's own webhooks; refuses bad events, bad URLs and other resellers' ids", async () => {
    const hook = await registered(env.keyA, "http://127.0.0.1:9/recibir", "booking_update");
    expect(hook).toMatchObject({ event: "booking_update", url: "http://127.0.0.1:9/recibir", retryOnError: true });
    expect(hook.signingSecret).toMatch(/^[0-9a-f]{64}$/);

    const listA = await octo(env, env.keyA, "GET", "/webhooks");
    expect((listA.json() as Array<{ id: string }>).map((w) => w.id)).toContain(hook.id);
    const listB = await octo(env, env.keyB, "GET", "/webhooks");
    expect((listB.json() as Array<{ id: string }>).map((w) => w.id)).not.toContain(hook.id);

    const wrongEvent = await register(env.keyA, { url: "http://127.0.0.1:9/x", event: "order_update" });
    expect(octoError(wrongEvent, 400, "BAD_REQUEST").errorMessage).toBe(OCTO_MSG.webhookEvent);
    const privateAddress = await register(env.keyA, { url: "http://10.0.0.7/hook", event: "booking_update" });
    expect(octoError(privateAddress, 400, "BAD_REQUEST").errorMessage).toBe("La URL del webhook apunta a una dirección privada o reservada.");
    const publicName = await register(env.keyA, { url: "https://hooks.example.com/x", event: "booking_update" });
    expect(octoError(publicName, 400, "BAD_REQUEST").errorMessage).toBe("En este entorno los webhooks solo pueden ir a esta máquina (localhost).");
    const ftp = await register(env.keyA, { url: "ftp://127.0.0.1/x", event: "booking_update" });
    expect(octoError(ftp, 400, "BAD_REQUEST").errorMessage).toBe("La URL del webhook debe empezar por https:// o http://.");

    const byB = await env.t.app.inject({ method: "DELETE", url: `/octo/webhooks/${hook.id}`, headers: bearer(env.keyB) });
    expect(octoError(byB, 400, "BAD_REQUEST").errorMessage).toBe(OCTO_MSG.invalidWebhook);
    const byA = await env.t.app.inject({ method: "DELETE", url: `/octo/webhooks/${hook.id}`, headers: bearer(env.keyA) });
    expect(byA.statusCode, byA.body).toBe(200);
    expect(((await octo(env, env.keyA, "GET", "/webhooks")).json() as Array<{ id: string }>).map((w) => w.id)).not.toContain(hook.id);
  });

  it("lets staff set, see and delete a reseller's webhooks in the panel, audited", async () => {
    const reseller = await newReseller(env, "Revendedor del panel");
    const created = await env.t.app.inject({
      method: "POST",
      url: `/api/revendedores/${reseller.id}/webhooks`,
      headers: env.t.staff("admin"),
      payload: { url: "http://127.0.0.1:9/panel", event: "availability_update" },
    });
    expect(created.statusCode, created.body).toBe(200);
    const hook = created.json().succes as { id: string };
    const refused = await env.t.app.inject({
      method: "POST",
      url: `/api/revendedores/${reseller.id}/webhooks`,
      headers: env.t.staff("admin"),
      payload: { url: "http://192.168.1.20/panel", event: "availability_update" },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].msg).toBe("La URL del webhook apunta a una dirección privada o reservada.");
    const listed = await env.t.app.inject({ method: "GET", url: `/api/revendedores/${reseller.id}/webhooks`, headers: env.t.staff("admin") });
    expect(listed.json().succes).toEqual([expect.objectContaining({ id: hook.id, event: "availability_update", entregas: { pendiente: 0, entregada: 0, fallida: 0, ultimoError: null } })]);
    const removed = await env.t.app.inject({ method: "DELETE", url: `/api/revendedores/${reseller.id}/webhooks/${hook.id}`, headers: env.t.staff("admin") });
    expect(removed.statusCode, removed.body).toBe(200);
    const audit = rowsOf<{ action: string }>(await env.t.db.execute(sql`select action from audit_log where resource = 'revendedor' and resource_id = ${String(reseller.id)} order by id`));
    expect(audit.map((a) => a.action)).toEqual(["create", "create", "delete"]);
  });
});

describe("deliveries", () => {
  let good: Awaited<ReturnType<typeof receiver>>;
  let bookingHook: { id: string; signingSecret: string };
  let availabilityHookB: { id: string };
  let bReceiver: Awaited<ReturnType<typeof receiver>>;

  beforeAll(async () => {
    good = await receiver();
    bReceiver = await receiver();
    receivers.push(good, bReceiver);
    bookingHook = await registered(env.keyA, good.url, "booking_update");
    await registered(env.keyA, good.url, "availability_update");
    // reseller B hears of availability only, and never of A's bookings
    availabilityHookB = await registered(env.keyB, bReceiver.url, "availability_update");
    await registered(env.keyB, bReceiver.url, "booking_update");
  });

  it("sends a booking's confirmation and cancellation and the places it frees, signed, in order, each event once", async () => {
    const tourId = await tourWithSchedule(env, 6);
    const held = await reserve(env, tourId, ["adult", "adult"]);
    const confirmed = ok(OctoBooking, await octo(env, env.keyA, "POST", `/bookings/${held.uuid}/confirm`, { contact: { fullName: "Ana Gómez", emailAddress: "ana@example.com" } }));
    expect(confirmed.status).toBe("CONFIRMED");
    ok(OctoBooking, await octo(env, env.keyA, "POST", `/bookings/${held.uuid}/cancel`, { reason: "cambio de planes" }));

    const mine = () => good.received.filter((r) => r.json.booking?.uuid === held.uuid || r.json.availability?.id === departure(tourId));
    await waitFor("A's three deliveries", () => mine().length >= 3);
    const bookingEvents = mine().filter((r) => r.json.event === "booking_update");
    expect(bookingEvents).toHaveLength(2);
    // the body is the booking as it is when sent (the first may already read cancelled); the event says when
    expect(["CONFIRMED", "CANCELLED"]).toContain(bookingEvents[0]!.json.booking!.status);
    expect(bookingEvents[1]!.json.booking!.status).toBe("CANCELLED");
    expect(new Date(bookingEvents[0]!.json.occurredAt).getTime()).toBeLessThanOrEqual(new Date(bookingEvents[1]!.json.occurredAt).getTime());
    const availability = mine().find((r) => r.json.event === "availability_update")!;
    expect(availability.json.availability).toMatchObject({ id: departure(tourId), vacancies: 6 });

    for (const r of mine()) {
      const signature = String(r.headers["octo-webhook-signature"]);
      const t = Number(/t=(\d+)/.exec(signature)![1]);
      if (r.json.webhook.id === bookingHook.id) expect(signature).toBe(signWebhook(bookingHook.signingSecret, t, r.body));
      expect(r.headers["octo-webhook-id"]).toBe(r.json.id);
      expect(Math.abs(Date.now() / 1000 - t)).toBeLessThan(60);
    }
    expect(new Set(mine().map((r) => `${r.json.webhook.id}:${r.json.id}`)).size).toBe(mine().length);

    // B: the availability, not A's bookings
    await waitFor("B's availability delivery", () => bReceiver.received.some((r) => r.json.availability?.id === departure(tourId)));
    expect(bReceiver.received.some((r) => r.json.booking?.uuid === held.uuid)).toBe(false);
    await waitFor("B's delivery written down", async () => (await deliveries(availabilityHookB.id)).every((d) => d.estado === "entregada"));
  });

  it("keeps trying a receiver that is down and delivers every event, in order, once it is back", async () => {
    let down = true;
    const flaky = await receiver((_req, res) => {
      if (down) res.writeHead(503).end("caído");
      else res.end("ok");
    });
    receivers.push(flaky);
    const hook = await registered(env.keyA, flaky.url, "booking_update");
    const tourId = await tourWithSchedule(env, 10);
    const held = await reserve(env, tourId, ["adult"]);
    ok(OctoBooking, await octo(env, env.keyA, "POST", `/bookings/${held.uuid}/confirm`, { contact: { fullName: "Luis Mora", emailAddress: "luis@example.com" } }));
    ok(OctoBooking, await octo(env, env.keyA, "PATCH", `/bookings/${held.uuid}`, { notes: "silla de ruedas" }));
    ok(OctoBooking, await octo(env, env.keyA, "POST", `/bookings/${held.uuid}/cancel`, {}));

    await waitFor("three failed tries", async () => flaky.received.length >= 3);
    expect((await deliveries(hook.id)).map((d) => d.estado)).toEqual(["pendiente", "pendiente", "pendiente"]);
    // while the first event is not delivered, the later ones of the same booking wait behind it
    expect(new Set(flaky.received.map((r) => r.json.id)).size).toBe(1);
    down = false;
    await waitFor("every event delivered", async () => (await deliveries(hook.id)).every((d) => d.estado === "entregada"), 30_000);
    const ids = [...new Set(flaky.received.map((r) => r.json.id))];
    expect(ids).toHaveLength(3);
    // the order the events happened in: each id's first arrival comes after the previous id's last
    const firstOf = (id: string) => flaky.received.findIndex((r) => r.json.id === id);
    expect(ids.map(firstOf)).toEqual([...ids.map(firstOf)].sort((a, b) => a - b));
    expect((await deliveries(hook.id))[0]!.intentos).toBeGreaterThan(1);
  });

  it("does not let a receiver that hangs, redirects or answers without end hold up the others", async () => {
    const hanging = await receiver(() => {}); // never answers
    const redirecting = await receiver((_req, res) => res.writeHead(302, { location: "http://10.0.0.1/interno" }).end());
    const endless = await receiver((_req, res) => {
      res.writeHead(200);
      const chunk = "x".repeat(64 * 1024);
      const write = () => {
        if (!res.destroyed && res.write(chunk)) setImmediate(write);
        else if (!res.destroyed) res.once("drain", write);
      };
      write();
    });
    const prompt = await receiver();
    receivers.push(hanging, redirecting, endless, prompt);
    const reseller = await newReseller(env, "Revendedor con receptores hostiles");
    const hooks = {
      hanging: await registered(reseller.api_key, hanging.url, "availability_update"),
      redirecting: await registered(reseller.api_key, redirecting.url, "availability_update"),
      endless: await registered(reseller.api_key, endless.url, "availability_update"),
      prompt: await registered(reseller.api_key, prompt.url, "availability_update"),
    };
    const tourId = await tourWithSchedule(env, 8);
    const started = Date.now();
    for (let i = 0; i < 3; i++) {
      const held = await reserve(env, tourId, ["adult"]);
      ok(OctoBooking, await octo(env, env.keyA, "POST", `/bookings/${held.uuid}/cancel`, {}));
    }
    await waitFor("the prompt receiver's three events", () => prompt.received.filter((r) => r.json.availability?.id === departure(tourId)).length >= 3);
    const promptMs = Date.now() - started;
    await waitFor("the others tried", () => hanging.received.length >= 1 && redirecting.received.length >= 1 && endless.received.length >= 1);
    await waitFor("the prompt receiver's deliveries written down", async () => (await deliveries(hooks.prompt.id)).every((d) => d.estado === "entregada"));
    // the receiver has the request before the worker writes down what came of it
    await waitFor("the redirect written down", async () => (await deliveries(hooks.redirecting.id))[0]!.ultimo_error !== null);
    const redirected = await deliveries(hooks.redirecting.id);
    expect(redirected[0]!.ultimo_error).toBe("redirección 302 no seguida");
    expect(redirected[0]!.estado).toBe("pendiente");
    // an endless answer is cut after a few kilobytes: a 200 is a delivery
    await waitFor("the endless receiver's deliveries", async () => (await deliveries(hooks.endless.id)).every((d) => d.estado === "entregada"));
    await waitFor("the hanging receiver timed out", async () => (await deliveries(hooks.hanging.id))[0]!.ultimo_error !== null);
    expect((await deliveries(hooks.hanging.id))[0]!.ultimo_error).toBe("sin respuesta en 1000 ms");
    // the prompt one did not wait for the hanging one's timeouts (1 s each, retried)
    expect(promptMs).toBeLessThan(15_000);
  });

  it("tells every subscribed reseller of places freed outside OCTO (staff raise a departure's capacity)", async () => {
    const tourId = await tourWithSchedule(env, 4);
    const raised = await env.t.app.inject({
      method: "PUT",
      url: "/api/salidas/cupo",
      headers: env.t.staff("admin"),
      payload: { tour_id: tourId, fecha: "2026-11-23", hora: "10:00", cupo: 9 },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    const about = (r: Received) => r.json.availability?.id === departure(tourId);
    await waitFor("both resellers' availability_update", () => good.received.some(about) && bReceiver.received.some(about));
    expect(good.received.find(about)!.json.availability).toMatchObject({ vacancies: 9 });
  });

  it("tells a reseller its held booking expired when the hold lapsed unpaid (the freed-places event of the lapse)", async () => {
    const tourId = await tourWithSchedule(env, 3);
    const held = await reserve(env, tourId, ["adult"]);
    const [order] = rowsOf<{ id: number; salida_id: number }>(
      await env.t.db.execute(sql`select p.id, l.salida_id from pedido p join pedido_line l on l.id_pedido = p.id where p.octo_uuid = ${held.uuid}`),
    );
    // the lapse as the hold-lapse check records it (its own tests are the waiting list's): the hold over, then the event
    env.t.clock.set(new Date(NOW.getTime() + 3 * 3_600_000));
    await env.t.db.transaction(async (tx) => {
      await recordPlacesFreed(tx as unknown as Db, env.t.deps.jobs, [order!.salida_id], "retencion_vencida", order!.id);
    });
    const expired = (r: Received) => r.json.booking?.uuid === held.uuid;
    await waitFor("the EXPIRED booking_update", () => good.received.some(expired));
    expect(good.received.find(expired)!.json.booking!.status).toBe("EXPIRED");
    expect(bReceiver.received.some(expired)).toBe(false);
  });

  it("tells a reseller its held booking was cancelled when staff cancel the departure", async () => {
    const tourId = await tourWithSchedule(env, 3);
    const held = await reserve(env, tourId, ["adult"]);
    const cancelled = await env.t.app.inject({
      method: "POST",
      url: "/api/salidas/cancelar",
      headers: env.t.staff("admin"),
      payload: { tour_id: tourId, fecha: "2026-11-23", hora: "10:00", motivo: "Tormenta eléctrica" },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const about = (r: Received) => r.json.booking?.uuid === held.uuid;
    await waitFor("the CANCELLED booking_update", () => good.received.some(about));
    await new Promise((r) => setTimeout(r, 1500)); // a second report of the same change, if any, would arrive now
    expect(good.received.filter(about).map((r) => r.json.booking!.status)).toEqual(["CANCELLED"]);
  });

  it("gives up a delivery 24 h after its event and goes on with the next ones of the same key", async () => {
    const dead = await receiver((_req, res) => res.writeHead(500).end());
    receivers.push(dead);
    const reseller = await newReseller(env, "Revendedor caído");
    const hook = await registered(reseller.api_key, dead.url, "availability_update");
    const tourId = await tourWithSchedule(env, 5);
    const held = await reserve(env, tourId, ["adult"]);
    ok(OctoBooking, await octo(env, env.keyA, "POST", `/bookings/${held.uuid}/cancel`, {}));
    await waitFor("a first failed try", () => dead.received.length >= 1);
    await env.t.db.execute(sql`update octo_webhook_entrega set creada_at = now() - interval '25 hours' where webhook_id = ${hook.id}`);
    await waitFor("given up", async () => (await deliveries(hook.id))[0]!.estado === "fallida", 15_000);
    expect((await deliveries(hook.id))[0]!.ultimo_error).toBe("respuesta 500");
  });
});

describe("where a delivery may go", () => {
  it("allows only public unicast addresses in production and only loopback here", () => {
    for (const a of ["10.1.2.3", "172.16.0.1", "192.168.1.1", "127.0.0.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "::1", "fd00::1", "fe80::1", "::ffff:127.0.0.1", "224.0.0.1"]) {
      expect(addressAllowed(a, "public"), a).toBe(false);
    }
    for (const a of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111"]) expect(addressAllowed(a, "public"), a).toBe(true);
    expect(addressAllowed("127.0.0.1", "loopback")).toBe(true);
    expect(addressAllowed("::1", "loopback")).toBe(true);
    expect(addressAllowed("93.184.216.34", "loopback")).toBe(false);
    expect(addressAllowed("10.0.0.1", "loopback")).toBe(false);
    expect(webhookUrlProblem("http://[fd00::1]/x", "public")).toBe("La URL del webhook apunta a una dirección privada o reservada.");
    expect(webhookUrlProblem("https://hooks.example.com/x", "public")).toBeNull();
  });

  it("refuses a private, public or loopback-by-name address before any connection is made", async () => {
    const local = await receiver();
    receivers.push(local);
    const port = new URL(local.url).port;
    const options = (policy: "public" | "loopback") => ({ policy, timeoutMs: 1000 });
    // under the production policy, this machine is refused, by address and by a name that resolves to it
    expect(await postWebhook(`http://127.0.0.1:${port}/hook`, "{}", {}, options("public"))).toEqual({ ok: false, error: "dirección no permitida: 127.0.0.1" });
    const byName = await postWebhook(`http://localhost:${port}/hook`, "{}", {}, options("public"));
    expect(byName.ok).toBe(false);
    expect(byName.error).toMatch(/^dirección no permitida: (127\.0\.0\.1|::1)$/);
    expect(local.connections()).toBe(0);
    // under the local policy, a private and a public address are refused without a lookup or a packet
    expect(await postWebhook("http://10.0.0.1/hook", "{}", {}, options("loopback"))).toEqual({ ok: false, error: "dirección no permitida: 10.0.0.1" });
    expect(await postWebhook("http://93.184.216.34/hook", "{}", {}, options("loopback"))).toEqual({ ok: false, error: "dirección no permitida: 93.184.216.34" });
    expect(await postWebhook("https://hooks.example.com/hook", "{}", {}, options("loopback"))).toEqual({ ok: false, error: "dirección no permitida: hooks.example.com" });
    // and the same machine goes through
    expect(await postWebhook(`http://localhost:${port}/hook`, "{}", {}, options("loopback"))).toMatchObject({ ok: true, status: 200 });
    expect(local.connections()).toBe(1);
  });
});
