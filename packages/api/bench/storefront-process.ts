import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer, type AddressInfo } from "node:net";
import { cpus } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository's root and the storefront's folder. */
export const root = fileURLToPath(new URL("../../..", import.meta.url));
export const storefrontDir = path.join(root, "storefront");

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A port the system picks (its ephemeral range), so a bench never takes the product's own (3000, 4000, 4010…). */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * `command` pinned to one CPU with taskset where the machine has it and more than one core (the load generator on one
 * core, the storefront on another); else as it is.
 */
function pinned(cpu: number | undefined, command: string[]): string[] {
  if (cpu === undefined || cpus().length < 2 || spawnSync("taskset", ["-c", "0", "true"]).status !== 0) return command;
  return ["taskset", "-c", String(cpu), ...command];
}

/** The CPUs the storefront and the load generator are pinned to where they can be (`pinned`). */
export const STOREFRONT_CPU = 0;
const LOAD_CPU = 1;

/** The built storefront (storefront/server.mjs, production) as a child process against `apiUrl`; on `cpu` if given. */
export async function startStorefront(apiUrl: string, port?: number, cpu?: number): Promise<{ url: string; child: ChildProcess }> {
  port ??= await freePort();
  const [command, ...args] = pinned(cpu, [process.execPath, "server.mjs", "./build/server/index.js"]);
  const child = spawn(command!, args, {
    cwd: storefrontDir,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      API_URL: apiUrl,
      PUBLIC_API_URL: apiUrl,
      STOREFRONT_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: randomBytes(32).toString("hex"),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`the storefront stopped (exit ${child.exitCode}): run npm run build first`);
    try {
      if ((await fetch(`${url}/legal`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error("the storefront did not start");
}

export interface LoadResult {
  /** 2xx answers, and the others. */
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  seconds: number;
  /** 2xx answers per second. */
  rps: number;
}

/** Requests of `url` for `seconds` at `connections`, made by autocannon in a process of its own (bench/load-generator.ts), pinned away from the storefront where the machine allows. */
export async function generateLoad(url: string, seconds: number, connections: number, headers?: Record<string, string>): Promise<LoadResult> {
  const script = fileURLToPath(new URL("./load-generator.ts", import.meta.url));
  const extra = headers ? [JSON.stringify(headers)] : [];
  const [command, ...args] = pinned(LOAD_CPU, [process.execPath, "--import", "tsx", script, url, String(seconds), String(connections), ...extra]);
  const child = spawn(command!, args, { cwd: path.dirname(script), stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  if (code !== 0) throw new Error(`the load generator stopped (exit ${code})`);
  return JSON.parse(out.trim().split("\n").pop()!) as LoadResult;
}
