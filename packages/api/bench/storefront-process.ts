import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer, type AddressInfo } from "node:net";
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

/** The built storefront (storefront/server.mjs, production) as a child process against `apiUrl`. */
export async function startStorefront(apiUrl: string, port?: number): Promise<{ url: string; child: ChildProcess }> {
  port ??= await freePort();
  const child = spawn(process.execPath, ["server.mjs", "./build/server/index.js"], {
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
