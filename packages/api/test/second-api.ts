import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export interface SecondApi {
  /** Where it answers, e.g. http://127.0.0.1:4712 */
  url: string;
  /** Stops the process (waits for it) and removes its data directory. */
  stop(): Promise<void>;
}

/**
 * A second API process — the real `src/server.ts`, through tsx — on the same PostgreSQL database as the test's own
 * app, for the tests that must hold with several processes. `env` adds to (or overrides) its settings; it gets a
 * data directory of its own, no demo seed, and returns once `/api/health` answers (60 s at most).
 */
export async function startSecondApi(databaseUrl: string, env: Record<string, string> = {}): Promise<SecondApi> {
  const port = 4600 + Math.floor(Math.random() * 300);
  const dataDir = await mkdtemp(path.join(tmpdir(), "tours-second-"));
  const child = spawn(path.join(apiRoot, "../../node_modules/.bin/tsx"), [path.join(apiRoot, "src/server.ts")], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      API_PORT: String(port),
      API_HOST: "127.0.0.1",
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      DATA_DIR: dataDir,
      ADMIN_EMAIL: "segundo@tours.test",
      ADMIN_PASSWORD: "clave-del-segundo-123",
      STOREFRONT_URL: "http://tienda.test",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await once(child, "exit");
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 60_000 || child.exitCode !== null) {
      await stop();
      throw new Error(`second API did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
