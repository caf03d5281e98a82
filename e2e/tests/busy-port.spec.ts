import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "../support/test";

/*
 * `npm start` while the PayPal simulator's port is taken (say, by a second copy of the product): one line says
 * which port the simulator uses instead, the API calls the simulator there, and the storefront's form-action
 * allows it. No stack trace.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

function listen(port: number): Promise<Server | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(null));
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

/** A port that is taken (by us) whose next port is free; plus two more free ports. */
async function ports(): Promise<{ taken: Server; busy: number; store: number; api: number }> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const taken = await listen(0);
    const busy = (taken!.address() as { port: number }).port;
    const next = await listen(busy + 1);
    if (next) {
      await new Promise((r) => next.close(r));
      const a = (await listen(0))!;
      const b = (await listen(0))!;
      const store = (a.address() as { port: number }).port;
      const api = (b.address() as { port: number }).port;
      await Promise.all([new Promise((r) => a.close(r)), new Promise((r) => b.close(r))]);
      if (store !== busy + 1 && api !== busy + 1) return { taken: taken!, busy, store, api };
    }
    await new Promise((r) => taken!.close(r));
  }
  throw new Error("no pair of consecutive free ports");
}

test("the PayPal simulator moves to the next free port, says so in one line, and the product uses it", async ({ request }) => {
  test.setTimeout(120_000);
  const { taken, busy, store, api } = await ports();
  const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      PORT: String(store),
      API_PORT: String(api),
      PAYPAL_SIM_PORT: String(busy),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "tours-busy-port-")),
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      // npm start runs in production, where the simulator must be asked for
      ALLOW_PAYPAL_SIMULATOR: "true",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
  try {
    await expect
      .poll(() => stdout, { timeout: 90_000, message: `output so far:\n${stdout}\n${stderr}` })
      .toContain("API lista");
    expect(stdout).toContain(`El puerto ${busy} del simulador de PayPal está en uso: el simulador usa el ${busy + 1}.`);
    expect(stdout).toContain(`Simulador de PayPal: http://127.0.0.1:${busy + 1}`);
    expect(stderr).not.toMatch(/EADDRINUSE|\n\s+at /);
    // the simulator really answers there, and the storefront lets checkout forms go to it
    const token = await request.post(`http://127.0.0.1:${busy + 1}/v1/oauth2/token`, {
      headers: { Authorization: `Basic ${Buffer.from("sim-client-id:sim-client-secret").toString("base64")}` },
      form: { grant_type: "client_credentials" },
    });
    expect(token.ok()).toBe(true);
    await expect.poll(async () => (await request.get(`http://127.0.0.1:${store}/legal`).catch(() => null))?.status(), { timeout: 30_000 }).toBe(200);
    const legal = await request.get(`http://127.0.0.1:${store}/legal`);
    expect(legal.headers()["content-security-policy"]).toContain(`http://127.0.0.1:${busy + 1}`);
  } finally {
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
    await new Promise((r) => taken.close(r));
  }
});
