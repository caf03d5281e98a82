import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface StorefrontWithoutApi {
  url: string;
  /** What the server printed so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * A second storefront (storefront/server.mjs with the same build) whose API_URL points at a closed port: the upstream API is
 * "down" for it while the main harness keeps running. Resolves once it serves /legal.
 */
export async function startStorefrontWithoutApi(): Promise<StorefrontWithoutApi> {
  const closedApiPort = await freePort();
  return startExtraStorefront({
    API_URL: `http://127.0.0.1:${closedApiPort}`,
    PUBLIC_API_URL: `http://127.0.0.1:${closedApiPort}`,
  });
}

/** Another storefront process of the same build, on a free port, with these settings on top of the runner's. */
export async function startExtraStorefront(settings: Record<string, string>): Promise<StorefrontWithoutApi> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const storefront: ChildProcess = spawn(
    process.execPath,
    [path.join(root, "storefront/server.mjs"), path.join(root, "storefront/build/server/index.js")],
    {
      cwd: path.join(root, "storefront"),
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "tours-extra-storefront-")),
        ...settings,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  storefront.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  storefront.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));

  async function stop(): Promise<void> {
    if (storefront.exitCode !== null) return;
    const exited = new Promise((r) => storefront.once("exit", r));
    storefront.kill("SIGTERM");
    await exited;
  }

  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/legal`)).ok) return { url, stop, output: () => output.join("") };
    } catch {
      // not listening yet
    }
    if (storefront.exitCode !== null) throw new Error(`storefront exited: ${output.join("")}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`storefront did not start: ${output.join("")}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
