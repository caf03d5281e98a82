import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

function listen(port = 0): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}
const portOf = (server: Server) => (server.address() as { port: number }).port;

/** Runs the API process to its end and returns what it printed. */
function runApi(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(path.join(root, "node_modules/.bin/tsx"), [path.join(root, "packages/api/src/server.ts")], {
      env: { PATH: process.env.PATH ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe("starting the API while a port is taken", () => {
  let dataDir: string;
  let taken: Server;
  let freePort: number;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "tours-busy-port-"));
    taken = await listen();
    const probe = await listen();
    freePort = portOf(probe);
    await new Promise((r) => probe.close(r));
  });
  afterAll(async () => {
    await new Promise((r) => taken.close(r));
    await rm(dataDir, { recursive: true, force: true });
  });

  it("stops with one clear line, before touching the database, when the PayPal simulator's port is busy", async () => {
    const result = await runApi({
      DATA_DIR: dataDir,
      API_PORT: String(freePort),
      PAYPAL_SIM_PORT: String(portOf(taken)),
      LOG_LEVEL: "warn",
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `No se puede iniciar el simulador de PayPal: el puerto ${portOf(taken)} ya está en uso (¿otra copia del producto?). Libéralo o elige otro con PAYPAL_SIM_PORT.`,
    );
    expect(result.stdout).not.toContain("API lista");
  }, 40_000);

  it("stops with one clear line when the local mail server's port is busy (no SMTP_URL)", async () => {
    const result = await runApi({
      DATA_DIR: dataDir,
      API_PORT: String(freePort),
      PAYPAL_SIM_PORT: "0",
      MAIL_PORT: String(portOf(taken)),
      MAIL_WEB_PORT: "0",
      LOG_LEVEL: "warn",
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `No se puede iniciar el servidor de correo local: el puerto ${portOf(taken)} ya está en uso (¿otra copia del producto?). Libéralo o elige otro con MAIL_PORT.`,
    );
    expect(result.stdout).not.toContain("API lista");
  }, 40_000);
});
