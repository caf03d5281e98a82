#!/usr/bin/env node
// Runs the whole product on its embedded defaults: the upstream API (which also starts the PayPal simulator
// when no PayPal credentials are set) and the built storefront, which serves the staff panel at /panel.
// One process tree, so Ctrl-C stops everything; if one part dies, the rest is stopped too.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { DEFAULT_PORTS } from "@tours/domain/default-ports";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const env = { ...process.env };
env.PORT ??= String(DEFAULT_PORTS.storefront);
env.API_PORT ??= String(DEFAULT_PORTS.api);
env.API_URL ??= `http://127.0.0.1:${env.API_PORT}`;
env.PUBLIC_API_URL ??= `http://localhost:${env.API_PORT}`;
env.STOREFRONT_URL ??= `http://localhost:${env.PORT}`;
env.DATA_DIR = path.resolve(root, env.DATA_DIR ?? "data");
// Run as given, `npm start` is the demo on embedded defaults, PayPal simulator included. Someone who says
// NODE_ENV=production must give PayPal credentials (or ALLOW_PAYPAL_SIMULATOR=true): the API refuses otherwise.
if (!env.NODE_ENV) env.ALLOW_PAYPAL_SIMULATOR ??= "true";
env.NODE_ENV ??= "production";

const storefrontBuild = path.join(root, "storefront/build/server/index.js");
if (!existsSync(storefrontBuild)) {
  console.error("The storefront is not built yet: run `npm run build` first.");
  process.exit(1);
}

/** Whether something can listen on host:port right now. */
function portIsFree(port, host) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

/**
 * The first free port from `wanted` on (20 tries); exits with one clear line when there is none. `what` names the
 * part ("el simulador de PayPal"), `of` says whose port it is ("del simulador de PayPal"), `short` the subject.
 */
async function nextFreePort(wanted, { what, of, short }, setting) {
  let port = wanted;
  while (port < wanted + 20 && !(await portIsFree(port, "127.0.0.1"))) port++;
  if (port === wanted + 20) {
    console.error(`No se puede iniciar ${what}: los puertos ${wanted}–${port - 1} están en uso. Elige otro con ${setting}.`);
    process.exit(1);
  }
  if (port !== wanted) console.log(`El puerto ${wanted} ${of} está en uso: ${short} usa el ${port}.`);
  return port;
}

// The local PayPal simulator (used when no PayPal credentials are set) and the local mail server (used when no
// SMTP_URL is set) move to the next free port when theirs is taken, e.g. by a second copy of the product; the API
// and the storefront (the simulator's form-action) get the ports in use.
if (!(env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET)) {
  env.PAYPAL_SIM_PORT = String(await nextFreePort(Number(env.PAYPAL_SIM_PORT || DEFAULT_PORTS.paypalSimulator), { what: "el simulador de PayPal", of: "del simulador de PayPal", short: "el simulador" }, "PAYPAL_SIM_PORT"));
}
if (!env.SMTP_URL) {
  env.MAIL_PORT = String(await nextFreePort(Number(env.MAIL_PORT || DEFAULT_PORTS.mailSmtp), { what: "el servidor de correo local", of: "del servidor de correo local", short: "el servidor de correo" }, "MAIL_PORT"));
  env.MAIL_WEB_PORT = String(await nextFreePort(Number(env.MAIL_WEB_PORT || DEFAULT_PORTS.mailWeb), { what: "el buzón de correo local", of: "del buzón de correo local", short: "el buzón" }, "MAIL_WEB_PORT"));
}
for (const [name, port] of [["la tienda", env.PORT], ["la API", env.API_PORT]]) {
  if (!(await portIsFree(Number(port)))) {
    console.error(`No se puede iniciar ${name}: el puerto ${port} ya está en uso (¿otra copia del producto?). Libéralo o elige otro con ${name === "la API" ? "API_PORT" : "PORT"}.`);
    process.exit(1);
  }
}

const bin = (name) => path.join(root, "node_modules/.bin", name);
const children = [
  spawn(bin("tsx"), [path.join(root, "packages/api/src/server.ts")], { env, stdio: "inherit" }),
  spawn(process.execPath, [path.join(root, "storefront/server.mjs"), storefrontBuild], { env, stdio: "inherit", cwd: path.join(root, "storefront") }),
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
console.log(
  `Tienda: http://localhost:${env.PORT}  ·  Panel: http://localhost:${env.PORT}/panel  ·  API: http://localhost:${env.API_PORT}` +
    (env.SMTP_URL ? "" : `  ·  Buzón de correo: http://localhost:${env.MAIL_WEB_PORT}`),
);
