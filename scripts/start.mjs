#!/usr/bin/env node
// Runs the whole product on its embedded defaults: the upstream API (which also starts the PayPal simulator
// when no PayPal credentials are set) and the built storefront, which serves the staff panel at /panel.
// One process tree, so Ctrl-C stops everything; if one part dies, the rest is stopped too.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const env = { ...process.env };
env.PORT ??= "3000";
env.API_PORT ??= "4000";
env.API_URL ??= `http://127.0.0.1:${env.API_PORT}`;
env.PUBLIC_API_URL ??= `http://localhost:${env.API_PORT}`;
env.STOREFRONT_URL ??= `http://localhost:${env.PORT}`;
env.DATA_DIR = path.resolve(root, env.DATA_DIR ?? "data");
env.NODE_ENV ??= "production";

const storefrontBuild = path.join(root, "storefront/build/server/index.js");
if (!existsSync(storefrontBuild)) {
  console.error("The storefront is not built yet: run `npm run build` first.");
  process.exit(1);
}

const bin = (name) => path.join(root, "node_modules/.bin", name);
const children = [
  spawn(bin("tsx"), [path.join(root, "packages/api/src/server.ts")], { env, stdio: "inherit" }),
  spawn(bin("remix-serve"), [storefrontBuild], { env, stdio: "inherit", cwd: path.join(root, "storefront") }),
];

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 5000).unref();
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once("exit", r)) : null))).then(() =>
    process.exit(code),
  );
}
for (const child of children) child.on("exit", (code) => stopAll(code ?? 1));
process.on("SIGINT", () => stopAll(0));
process.on("SIGTERM", () => stopAll(0));
console.log(`Tienda: http://localhost:${env.PORT}  ·  Panel: http://localhost:${env.PORT}/panel  ·  API: http://localhost:${env.API_PORT}`);
