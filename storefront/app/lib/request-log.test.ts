import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redactUrl, requestLogger } from "../../request-log.mjs";

/* Issue 28: the storefront server's request log (server.mjs) never shows a PIN or a token. */

const lines: string[] = [];
let server: Server;
let base = "";

beforeAll(async () => {
  // the logger as server.mjs mounts it, in front of a page that answers 200
  const log = requestLogger({ write: (line: string) => void lines.push(line) });
  server = createServer((req, res) => log(req, res, () => res.end("ok")));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("request log", () => {
  it("logs the e-mail's Mi reserva link, PayPal's return and other pages without their secrets", async () => {
    const urls = [
      "/mi-reserva?ref=TR-7KQ2M9XP&pin=413253",
      "/pay/ok?token=5O190127TN364715T&PayerID=QYR5Z8XDVJNXQ",
      "/buscar?q=bogota&token=abc-secreto-123",
      "/panel/checkin?referencia=TR-7KQ2M9XP",
    ];
    for (const url of urls) await fetch(base + url);
    await new Promise((r) => setTimeout(r, 50));
    const log = lines.join("");
    for (const secret of ["413253", "TR-7KQ2M9XP", "5O190127TN364715T", "QYR5Z8XDVJNXQ", "abc-secreto-123"]) expect(log).not.toContain(secret);
    expect(log).toContain("GET /mi-reserva?[oculto] 200");
    expect(log).toContain("GET /buscar?q=bogota&token=[oculto] 200");
  });

  it("keeps harmless query strings as they are", () => {
    expect(redactUrl("/actividades/colombia/bogota?page=2")).toBe("/actividades/colombia/bogota?page=2");
    expect(redactUrl("/mi-reserva")).toBe("/mi-reserva");
  });
});
