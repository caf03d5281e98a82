import { describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { TEST_ADMIN, createTestApp, type TestApp } from "./helpers.ts";
import { NOW, buyer, line } from "./compra-fixtures.ts";
import { useTestApp } from "./test-app.ts";

/*
 * Limits shared by every API process (counted in PostgreSQL): failed logins per real client address, and the public
 * forms and orders per client. With their default settings.
 */

const DEFAULTS = { RATE_LIMIT_FORMS_PER_MINUTE: "5", RATE_LIMIT_ORDERS_PER_MINUTE: "10" };
const t = useTestApp({ paypal: true, clock: NOW, catalogue: true, env: { ...DEFAULTS, STOREFRONT_URL: "http://tienda.test" } });

const login = (app: TestApp["app"], password: string, remoteAddress: string, headers: Record<string, string> = {}, email: string = TEST_ADMIN.email) =>
  app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password }, remoteAddress, headers });
/**
 * The accounts a test's wrong passwords go to: each test guesses its own, so these per-address tests do not meet
 * the per-account lock (10 failures of one account from any addresses, tested in guessing.test.ts).
 */
const guessed = (n: string) => `intruso-${n}@tours.test`;

describe("failed logins", () => {
  it("a stranger's failures through the storefront do not lock a staff member out", async () => {
    t.clock.set(new Date(NOW.getTime() + 10 * 60_000));
    // the storefront (loopback, trusted by default) forwards each visitor's address
    for (let i = 0; i < 12; i++) {
      await login(t.app, "mala-clave", "127.0.0.1", { "x-forwarded-for": "203.0.113.66" }, guessed("1"));
    }
    const stranger = await login(t.app, "mala-clave", "127.0.0.1", { "x-forwarded-for": "203.0.113.66" }, guessed("1"));
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().errors[0].msg).toBe("Demasiados intentos, espere un minuto e intente de nuevo");
    const staff = await login(t.app, TEST_ADMIN.password, "127.0.0.1", { "x-forwarded-for": "198.51.100.7" });
    expect(staff.statusCode).toBe(200);
    // a minute later the stranger may try again
    t.clock.advance(61_000);
    expect((await login(t.app, "mala-clave", "127.0.0.1", { "x-forwarded-for": "203.0.113.66" }, guessed("1b"))).statusCode).toBe(401);
  });

  it("a client that is not a trusted proxy cannot choose its address with X-Forwarded-For", async () => {
    t.clock.set(new Date(NOW.getTime() + 20 * 60_000));
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await login(t.app, "mala-clave", "192.0.2.50", { "x-forwarded-for": `10.9.8.${i}` }, guessed("2"));
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("with TRUST_PROXY=1 only the address the proxy saw counts, whatever the client prepends", async () => {
    const behindProxy = await createTestApp({ env: { TRUST_PROXY: "1" } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await login(behindProxy.app, "mala-clave", "10.0.0.2", { "x-forwarded-for": `1.2.3.${i}, 203.0.113.9` }, guessed("3"));
        statuses.push(res.statusCode);
      }
      expect(statuses[10]).toBe(429);
      expect((await login(behindProxy.app, TEST_ADMIN.password, "10.0.0.2", { "x-forwarded-for": "198.51.100.1" })).statusCode).toBe(200);
    } finally {
      await behindProxy.close();
    }
  });

  it("two API processes on one database count the same failures", async () => {
    t.clock.set(new Date(NOW.getTime() + 30 * 60_000));
    const second = await buildApp({ ...t.deps });
    await second.ready();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const app = i % 2 ? second : t.app;
        statuses.push((await login(app, "mala-clave", "192.0.2.77", {}, guessed("4"))).statusCode);
      }
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses[10]).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describe("public forms and orders", () => {
  it("a flood of comments, rewards and help requests from one client is cut at 5 a minute; other visitors are not", async () => {
    t.clock.set(new Date(NOW.getTime() + 40 * 60_000));
    const comment = (ip: string) =>
      t.app.inject({ method: "POST", url: "/api/tour/comentario", remoteAddress: ip, payload: { email: "a@b.co", comentario: "Genial", start: 5, id_tour: t.cat.tourA } });
    const answers = await Promise.all(Array.from({ length: 40 }, () => comment("203.0.113.5")));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(5);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(35);
    expect(refused[0]!.json().errors[0].msg).toBe("Demasiados intentos, espere un minuto e intente de nuevo");
    expect((await comment("198.51.100.20")).statusCode).toBe(200);

    for (const url of ["/api/tour/rewards", "/api/tour/ayuda"]) {
      const payload = { nombre: "Ana", apellido: "Gómez", telefono: "3001234567", email: "a@b.co", comentario: "Hola" };
      const burst = await Promise.all(Array.from({ length: 20 }, () => t.app.inject({ method: "POST", url, remoteAddress: "203.0.113.6", payload })));
      expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(5);
    }
  });

  it("orders: 10 a minute per client, so a flood opens no more PayPal orders than that", async () => {
    t.clock.set(new Date(NOW.getTime() + 50 * 60_000));
    const before = t.sim.control.createCount;
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.app.inject({ method: "POST", url: "/api/compra/create", remoteAddress: "203.0.113.7", payload: { ...buyer(), pedidos: [line(t.cat.tourA, "11/23/2026-14:00")] } }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(20);
    expect(t.sim.control.createCount - before).toBe(10);
  });
});
