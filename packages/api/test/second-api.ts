import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/**
 * tsx's loader inside one node process. `node_modules/.bin/tsx` starts the API as a second process of its own, and
 * a SIGKILL reaches only the first: the API went on running (refunding, sending, writing into its data directory)
 * after the test had "killed" it.
 */
const TSX_LOADER = pathToFileURL(path.join(apiRoot, "../../node_modules/tsx/dist/loader.mjs")).href;

export interface SecondApi {
  /** Where it answers, e.g. http://127.0.0.1:4712 */
  url: string;
  /** Stops the process (waits for it) and removes its data directory. */
  stop(): Promise<void>;
  /** Kills the process at once (SIGKILL: no shutdown, work in flight is cut), then removes its data directory. */
  kill(): Promise<void>;
  /** What the process printed so far (its warnings and errors), to explain a failed assertion. */
  output(): string;
}

/**
 * Settings for a second API that sells on its own: its own PayPal simulator and local mail server on ports the system
 * chooses (a fixed range could meet another file's server), no order rate limit (the tests fire many at once).
 */
export const SELLING_ALONE: Record<string, string> = {
  PAYPAL_SIM_PORT: "0",
  PAYPAL_CLIENT_ID: "",
  PAYPAL_CLIENT_SECRET: "",
  MAIL_PORT: "0",
  MAIL_WEB_PORT: "0",
  SMTP_URL: "",
  RATE_LIMIT_ORDERS_PER_MINUTE: "100000",
};

/** Where the database of a test app on PostgreSQL is (its pool's connection string). */
export function databaseUrlOf(db: unknown): string {
  return (db as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
}

/**
 * A second API process — the real `src/server.ts`, through tsx — on the same PostgreSQL database as the test's own
 * app, for the tests that must hold with several processes. `env` adds to (or overrides) its settings; it gets a
 * data directory of its own, no demo seed, and returns once `/api/health` answers (60 s at most). `fixedPort`: where
 * it listens, when a test must keep to a range of ports.
 */
export async function startSecondApi(databaseUrl: string, env: Record<string, string> = {}, fixedPort?: number): Promise<SecondApi> {
  const port = fixedPort ?? 4600 + Math.floor(Math.random() * 300);
  const dataDir = await mkdtemp(path.join(tmpdir(), "tours-second-"));
  const child = spawn(process.execPath, ["--import", TSX_LOADER, path.join(apiRoot, "src/server.ts")], {
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
  const end = (signal: NodeJS.Signals) => async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      await once(child, "exit");
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const stop = end("SIGTERM");
  const kill = end("SIGKILL");
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, stop, kill, output: () => output };
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
