import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redactUrl } from "../src/http/redact.ts";

/*
 * Issue 28: no PIN, token or key in any log line. The real server (src/server.ts) runs with its logs captured, is
 * called with a staff password and token, a reseller's key and a booking's PIN — in headers, bodies and query
 * strings — and its whole output is searched for them.
 */

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PASSWORD = "clave-secreta-del-log-987";
const PIN = "413253";
let child: ChildProcess;
let output = "";
let base = "";
let dataDir = "";

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "tours-log-"));
  const port = 4900 + Math.floor(Math.random() * 90);
  const env: Record<string, string | undefined> = {
    ...process.env,
    API_PORT: String(port),
    API_HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    LOG_LEVEL: "trace",
    ADMIN_EMAIL: "admin-log@tours.test",
    ADMIN_PASSWORD: PASSWORD,
    PAYPAL_SIM_PORT: "0",
    MAIL_PORT: "0",
    MAIL_WEB_PORT: "0",
    STOREFRONT_URL: "http://tienda.test",
  };
  // its own PGlite in its own directory, whatever database the suite runs on
  delete env.DATABASE_URL;
  child = spawn(path.join(apiRoot, "../../node_modules/.bin/tsx"), [path.join(apiRoot, "src/server.ts")], { env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 90_000 || child.exitCode !== null) throw new Error(`the API did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill("SIGTERM");
    await once(child, "exit");
  }
  await rm(dataDir, { recursive: true, force: true });
});

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

describe("logs", () => {
  it("carry no password, staff token, reseller key or PIN from any call", async () => {
    const login = await fetch(`${base}/api/auth/login`, json({ email: "admin-log@tours.test", password: PASSWORD }));
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { sucess: string }).sucess;
    const staff = { authorization: `Bearer ${token}` };
    const created = await fetch(`${base}/api/revendedores`, json({ nombre: "Agencia del log" }, staff));
    expect(created.status).toBe(200);
    const key = ((await created.json()) as { succes: { api_key: string } }).succes.api_key;

    const calls: Array<[string, RequestInit]> = [
      [`/api/auth/autenticate?token=${token}`, { headers: staff }],
      [`/api/auth/login?password=${PASSWORD}`, json({ email: "admin-log@tours.test", password: `${PASSWORD}-mala` })],
      [`/octo/supplier?key=${key}`, { headers: { authorization: `Bearer ${key}` } }],
      [`/octo/products`, { headers: { authorization: `Bearer ${key}` } }],
      [`/api/reserva/consulta?referencia=TR-7KQ2M9XP&pin=${PIN}`, json({ referencia: "TR-7KQ2M9XP", pin: PIN })],
      [`/api/checkin/consulta?referencia=TR-7KQ2M9XP&salida=1-20261123-1400&pin=${PIN}`, { headers: staff }],
      [`/api/no-existe?pin=${PIN}&token=${token}`, {}],
      [`/mi-reserva?ref=TR-7KQ2M9XP&pin=${PIN}`, {}],
    ];
    for (const [url, init] of calls) await fetch(base + url, init);
    // pino writes asynchronously: give the last lines a moment to reach the pipe
    await new Promise((r) => setTimeout(r, 500));

    expect(output).toContain("/api/reserva/consulta?[oculto]");
    expect(output).toContain("/octo/supplier?[oculto]");
    expect(output).toContain("/api/no-existe?pin=[oculto]&token=[oculto]");
    for (const secret of [PASSWORD, token, token.split(".")[2]!, key, PIN]) {
      const lines = output.split("\n").filter((l) => l.includes(secret));
      expect(lines, `a log line shows a secret: ${lines[0]}`).toEqual([]);
    }
  }, 60_000);

  it("masks secrets of other addresses by their parameter names and leaves the rest alone", () => {
    expect(redactUrl("/api/tour/index?page=2&pais=3")).toBe("/api/tour/index?page=2&pais=3");
    expect(redactUrl("/api/x?Api_Key=1&q=b")).toBe("/api/x?Api_Key=[oculto]&q=b");
    expect(redactUrl("/api/auth/login?a=1")).toBe("/api/auth/login?[oculto]");
    expect(redactUrl("/api/x?%E0%A4%A=1")).toBe("/api/x?[oculto]");
  });
});
