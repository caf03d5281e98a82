import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  SIMULATOR_CLIENT_ID,
  SIMULATOR_CLIENT_SECRET,
  SIMULATOR_WEBHOOK_ID,
  startPaypalSimulator,
  type RunningSimulator,
} from "@tours/paypal-simulator";
import { makeImage, multipart } from "../test/helpers.ts";
import { buyer, line, pressOnApprovalPage } from "../test/compra-fixtures.ts";

/*
 * Several processes behind one load balancer: two API processes and two storefront processes (the built
 * storefront/server.mjs) on one PostgreSQL database and one S3-compatible bucket (s3rver), with one PayPal (the
 * simulator, in this process). Run by scripts/test-all.sh after the build, when PostgreSQL answers:
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run -c packages/api/multi-process/vitest.config.ts
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error("the multi-process run needs DATABASE_URL (a PostgreSQL server to create its database on)");

const ADMIN = { email: "admin@multi.test", password: "Multi-Proceso-2026" };
const BUCKET = "tours-multi";
const dbName = `multi_${randomBytes(5).toString("hex")}`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Running {
  url: string;
  child: ChildProcess;
  output: () => string;
}
const processes: Running[] = [];

async function startProcess(command: string[], env: Record<string, string>, readyPath: string, port: number): Promise<Running> {
  const child = spawn(command[0]!, command.slice(1), {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
  const running = { url: `http://127.0.0.1:${port}`, child, output: () => output };
  processes.push(running);
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited:\n${output}`);
    try {
      if ((await fetch(running.url + readyPath)).ok) return running;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${running.url} did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

let s3: S3rver;
let s3Dir = "";
let simulator: RunningSimulator;
const apis: Running[] = [];
const storefronts: Running[] = [];

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();

  s3Dir = await mkdtemp(path.join(tmpdir(), "tours-multi-s3-"));
  s3 = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET }] });
  const { port: s3Port } = await s3.run();

  const [api1, api2, store1, store2, simPort] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
  simulator = await startPaypalSimulator({
    port: simPort,
    webhookId: SIMULATOR_WEBHOOK_ID,
    webhookUrl: `http://127.0.0.1:${api1}/api/webhooks/paypal`,
  });
  const shared = {
    DATABASE_URL: databaseUrl,
    JWT_SECRET: randomBytes(32).toString("hex"),
    STORAGE: "s3",
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    PAYPAL_API_BASE: simulator.url,
    PAYPAL_CLIENT_ID: SIMULATOR_CLIENT_ID,
    PAYPAL_CLIENT_SECRET: SIMULATOR_CLIENT_SECRET,
    PAYPAL_WEBHOOK_ID: SIMULATOR_WEBHOOK_ID,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    STOREFRONT_URL: `http://127.0.0.1:${store1}`,
    // each API runs a local mail server of its own, on free ports
    MAIL_PORT: "0",
    MAIL_WEB_PORT: "0",
    CORS_ORIGINS: `http://127.0.0.1:${store1},http://127.0.0.1:${store2}`,
  };
  const tsx = path.join(root, "node_modules/.bin/tsx");
  const server = path.join(root, "packages/api/src/server.ts");
  // the first API migrates and seeds; the second starts on the ready database (each gets its own DATA_DIR)
  for (const [port, seed] of [[api1, "true"], [api2, "false"]] as const) {
    const dataDir = await mkdtemp(path.join(tmpdir(), "tours-multi-api-"));
    apis.push(
      await startProcess([tsx, server], { ...shared, API_PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: seed }, "/api/health", port),
    );
  }
  const storefrontServer = path.join(root, "storefront/server.mjs");
  const build = path.join(root, "storefront/build/server/index.js");
  for (const [port, api] of [[store1, api1], [store2, api2]] as const) {
    const dataDir = await mkdtemp(path.join(tmpdir(), "tours-multi-store-"));
    storefronts.push(
      await startProcess(
        [process.execPath, storefrontServer, build],
        { ...shared, PORT: String(port), API_URL: `http://127.0.0.1:${api}`, PUBLIC_API_URL: `http://127.0.0.1:${api}`, DATA_DIR: dataDir },
        "/legal",
        port,
      ),
    );
  }
}, 100_000);

afterAll(async () => {
  await Promise.all(
    processes.map((p) => {
      if (p.child.exitCode !== null) return null;
      const exited = new Promise((r) => p.child.once("exit", r));
      p.child.kill("SIGTERM");
      return exited;
    }),
  );
  await simulator?.close();
  await s3?.close();
  await rm(s3Dir, { recursive: true, force: true });
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}, 30_000);

async function login(api: Running, password = ADMIN.password): Promise<Response> {
  return fetch(`${api.url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: ADMIN.email, password }),
  });
}

describe("two API processes and two storefronts on one database and one bucket", () => {
  it("an image uploaded through one API is served by the other", async () => {
    const token = ((await (await login(apis[0]!)).json()) as { sucess: string }).sucess;
    const form = multipart({ descripcion: "Varios procesos" }, [{ field: "fotos", filename: "banner.png", data: await makeImage(640, 320) }]);
    const created = await fetch(`${apis[0]!.url}/api/savebanner`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, ...form.headers },
      body: form.payload,
    });
    expect(created.status, await created.clone().text()).toBe(200);
    const banners = (await (await fetch(`${apis[1]!.url}/api/banner`)).json()) as Array<{ url: string }>;
    const stored = banners.at(-1)!.url;
    for (const base of ["/", "/api/"]) {
      const served = await fetch(`${apis[1]!.url}${base}${stored}`);
      expect(served.status, `${base}${stored}`).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(640);
    }
  });

  it("the storefronts render the same catalogue", async () => {
    const names = async (store: Running) => {
      const html = await (await fetch(`${store.url}/`)).text();
      return [...html.matchAll(/<h3[^>]*>([^<]+)<\/h3>/g)].map((m) => m[1]);
    };
    const [first, second] = await Promise.all([names(storefronts[0]!), names(storefronts[1]!)]);
    expect(first.length).toBeGreaterThan(0);
    expect(second).toEqual(first);
  });

  it("concurrent payment confirmations through both APIs capture once", async () => {
    const [tour] = ((await (await fetch(`${apis[0]!.url}/api/tour/index`)).json()) as { succes: Array<{ id: number }> }).succes;
    const [horario] = ((await (await fetch(`${apis[0]!.url}/api/tour/horario/find/${tour!.id}`)).json()) as {
      succes: Array<Record<string, unknown> & { hora_inicio: string }>;
    }).succes;
    const weekdays = ["domingo", "lunes", "martes", "miercoles", "jueves", "viernes", "sabado"];
    const day = new Date(Date.now() + 10 * 86_400_000);
    while (!horario![weekdays[day.getUTCDay()]!]) day.setUTCDate(day.getUTCDate() + 1);
    const pad = (n: number) => String(n).padStart(2, "0");
    const dia = `${pad(day.getUTCMonth() + 1)}/${pad(day.getUTCDate())}/${day.getUTCFullYear()}-${horario!.hora_inicio.slice(0, 5)}`;

    const created = await fetch(`${apis[0]!.url}/api/compra/create`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...buyer(), pedidos: [line(tour!.id, dia)] }),
    });
    expect(created.status, await created.clone().text()).toBe(200);
    const order = ((await created.json()) as { succes: { id: string; links: Array<{ href: string }> } }).succes;
    await pressOnApprovalPage(order.links[1]!.href, "Pagar");

    const before = simulator.control.captureCount;
    const confirmations = await Promise.all(
      [0, 1, 0, 1].map((i) =>
        fetch(`${apis[i]!.url}/api/compra/confirma`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ token: order.id }),
        }),
      ),
    );
    for (const answer of confirmations) expect(answer.status).toBeLessThan(500);
    expect(confirmations.some((a) => a.status === 200)).toBe(true);
    expect(simulator.control.captureCount - before).toBe(1);
  });

  it("failed logins on both APIs count together: the 11th in a minute gets 429 wherever it lands", async () => {
    for (let attempt = 1; attempt <= 10; attempt++) {
      const answer = await login(apis[attempt % 2]!, "clave-equivocada");
      expect(answer.status, `attempt ${attempt}`).toBe(401);
    }
    for (const api of apis) expect((await login(api, "clave-equivocada")).status).toBe(429);
  });
});
