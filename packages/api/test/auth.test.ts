import { describe, expect, it } from "vitest";
import { AutenticateAnswer, LoginAnswer, ValidationErrorBody } from "@tours/contract";
import { TEST_ADMIN, bearer, createTestApp, signStaffToken } from "./helpers.ts";
import { useTestApp } from "./test-app.ts";

const t = useTestApp();

const login = (payload: unknown, remoteAddress = "10.0.0.1") =>
  t.app.inject({ method: "POST", url: "/api/auth/login", payload: payload as object, remoteAddress });

describe("POST /api/auth/login", () => {
  it("answers a token, the role and the name for the right pair", async () => {
    const res = await login(TEST_ADMIN, "10.0.0.2");
    expect(res.statusCode).toBe(200);
    const body = LoginAnswer.parse(res.json());
    expect(body.nombre).toBe("Administrador");
    expect(body.rol).toBe("admin");
    expect(body.sucess.split(".")).toHaveLength(3);

    const me = await t.app.inject({ method: "GET", url: "/api/auth/autenticate", headers: bearer(body.sucess) });
    expect(me.statusCode).toBe(200);
    expect(AutenticateAnswer.parse(me.json()).succes).toMatchObject({ email: TEST_ADMIN.email, rol: "admin" });
  });

  it("accepts the e-mail in any case", async () => {
    const res = await login({ email: TEST_ADMIN.email.toUpperCase(), password: TEST_ADMIN.password }, "10.0.0.3");
    expect(res.statusCode).toBe(200);
  });

  it("gives the same answer for an unknown e-mail and a wrong password", async () => {
    const unknown = await login({ email: "nadie@tours.test", password: "lo-que-sea-123" }, "10.0.0.4");
    const wrong = await login({ email: TEST_ADMIN.email, password: "otra-clave-123" }, "10.0.0.4");
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.json()).toEqual({ errors: [{ msg: "Usuario o contraseña incorrectos" }] });
  });

  it("answers 400 with Spanish messages for a bad body", async () => {
    const res = await login({ email: "no-es-correo", password: "" }, "10.0.0.5");
    expect(res.statusCode).toBe(400);
    const body = ValidationErrorBody.parse(res.json());
    expect(body.errors.map((e) => e.path).sort()).toEqual(["email", "password"]);
    expect(body.errors.map((e) => e.msg)).toContain("El correo electrónico no es válido");
    expect(body.errors.map((e) => e.msg)).toContain("La contraseña es obligatoria");

    const long = await login({ email: TEST_ADMIN.email, password: "secreto-".repeat(40) }, "10.0.0.5");
    expect(long.statusCode).toBe(400);
    expect(long.body).not.toContain("secreto-");
  });

  it("rate limits the 11th attempt within a minute from one address with 429", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      // a guessed account: the admin's own failures would lock it (per account, guessing.test.ts)
      statuses.push((await login({ email: "intruso@tours.test", password: `mala-${i}-clave` }, "10.9.9.9")).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    const limited = await login(TEST_ADMIN, "10.9.9.9");
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ errors: [{ msg: "Demasiados intentos, espere un minuto e intente de nuevo" }] });
    // another address is not affected
    expect((await login(TEST_ADMIN, "10.9.9.8")).statusCode).toBe(200);
  });

  it("does not count successful logins, and lets the address in again after the minute", async () => {
    for (let i = 0; i < 15; i++) expect((await login(TEST_ADMIN, "10.7.7.7")).statusCode).toBe(200);

    let clock = new Date("2026-03-01T12:00:00Z");
    const timed = await createTestApp({ now: () => clock });
    try {
      const attempt = (password: string, email: string = TEST_ADMIN.email) =>
        timed.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password }, remoteAddress: "10.6.6.6" });
      for (let i = 0; i < 10; i++) expect((await attempt("mala-clave-123", "intruso@tours.test")).statusCode).toBe(401);
      expect((await attempt(TEST_ADMIN.password)).statusCode).toBe(429);
      clock = new Date("2026-03-01T12:01:01Z");
      expect((await attempt(TEST_ADMIN.password)).statusCode).toBe(200);
    } finally {
      await timed.close();
    }
  });
});

describe("GET /api/auth/autenticate", () => {
  it("is 401 without a token, with a tampered one and with garbage", async () => {
    const token = LoginAnswer.parse((await login(TEST_ADMIN, "10.0.1.1")).json()).sucess;
    const [head, payload, signature] = token.split(".");
    const tampered = `${head}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith("AA") ? "BB" : "AA"}`;
    for (const headers of [{}, bearer(tampered), bearer("abc"), { authorization: token }]) {
      const res = await t.app.inject({ method: "GET", url: "/api/auth/autenticate", headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ errors: [{ msg: "No autorizado: inicie sesión de nuevo" }] });
    }
  });
});

describe("token lifetime", () => {
  it("expires after TOKEN_TTL", async () => {
    let clock = new Date("2026-03-01T12:00:00Z");
    const timed = await createTestApp({ now: () => clock, env: { TOKEN_TTL: "8h" } });
    try {
      const res = await timed.app.inject({ method: "POST", url: "/api/auth/login", payload: TEST_ADMIN });
      const token = LoginAnswer.parse(res.json()).sucess;
      const check = () => timed.app.inject({ method: "GET", url: "/api/auth/autenticate", headers: bearer(token) });
      clock = new Date("2026-03-01T19:59:00Z");
      expect((await check()).statusCode).toBe(200);
      clock = new Date("2026-03-01T20:00:01Z");
      expect((await check()).statusCode).toBe(401);
    } finally {
      await timed.close();
    }
  });

  it("is refused by an app with another secret", async () => {
    const other = await createTestApp();
    try {
      const token = LoginAnswer.parse((await login(TEST_ADMIN, "10.0.2.1")).json()).sucess;
      const res = await other.app.inject({ method: "GET", url: "/api/auth/autenticate", headers: bearer(token) });
      expect(res.statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe("logout ends the session server-side", () => {
  it("a token used after logout gets 401; the same user's other session goes on; a new login works", async () => {
    const t = await createTestApp();
    try {
      const login = async () => {
        const res = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: TEST_ADMIN });
        expect(res.statusCode).toBe(200);
        return (res.json() as { sucess: string }).sucess;
      };
      const first = await login();
      const second = await login();
      const me = (token: string) => t.app.inject({ method: "GET", url: "/api/auth/autenticate", headers: bearer(token) });
      expect((await me(first)).statusCode).toBe(200);
      const out = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: bearer(first) });
      expect(out.statusCode).toBe(200);
      expect((await me(first)).statusCode).toBe(401);
      expect((await me(second)).statusCode).toBe(200);
      expect((await t.app.inject({ method: "GET", url: "/api/compra/index", headers: bearer(first) })).statusCode).toBe(401);
      expect((await me(await login())).statusCode).toBe(200);
      expect((await t.app.inject({ method: "POST", url: "/api/auth/logout" })).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it("logging out with a token from before token ids existed ends every earlier token of the user", async () => {
    const t = await createTestApp();
    try {
      const me = (token: string) => t.app.inject({ method: "GET", url: "/api/auth/autenticate", headers: bearer(token) });
      const res = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: TEST_ADMIN });
      const current = (res.json() as { sucess: string }).sucess;
      const userId = Number(JSON.parse(Buffer.from(current.split(".")[1]!, "base64url").toString()).sub);
      const now = Math.floor(Date.now() / 1000);
      const legacy = await signStaffToken(t.config, { subject: String(userId), claims: { ver: 0 }, issuedAt: now, expiresAt: now + 3600 });
      expect((await me(legacy)).statusCode).toBe(200);
      expect((await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: bearer(legacy) })).statusCode).toBe(200);
      expect((await me(legacy)).statusCode).toBe(401);
      expect((await me(current)).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it("a token without an expiry is refused", async () => {
    const t = await createTestApp();
    try {
      const forever = await signStaffToken(t.config, { claims: { ver: 0 } });
      const res = await t.app.inject({ method: "GET", url: "/api/auth/autenticate", headers: bearer(forever) });
      expect(res.statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});
