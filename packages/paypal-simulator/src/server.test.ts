import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIMULATOR_CLIENT_ID, SIMULATOR_CLIENT_SECRET, startPaypalSimulator, type RunningSimulator } from "./index.ts";

/** A request to the simulator on 127.0.0.1 carrying the given Host header (nothing leaves the machine). */
function send(
  port: number,
  opts: { method?: string; path: string; host: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method: opts.method ?? "GET", path: opts.path, headers: { ...opts.headers, host: opts.host } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end(opts.body);
  });
}

const tokenRequest = (host: string) => ({
  method: "POST",
  path: "/v1/oauth2/token",
  host,
  headers: {
    authorization: `Basic ${Buffer.from(`${SIMULATOR_CLIENT_ID}:${SIMULATOR_CLIENT_SECRET}`).toString("base64")}`,
    "content-type": "application/x-www-form-urlencoded",
  },
  body: "grant_type=client_credentials",
});

describe("the PayPal simulator answers only loopback names", () => {
  let sim: RunningSimulator;
  let port: number;
  beforeAll(async () => {
    sim = await startPaypalSimulator({ port: 0 });
    port = Number(new URL(sim.url).port);
  });
  afterAll(() => sim.close());

  it("refuses a page that reached it by another name (DNS rebinding) with 403", async () => {
    for (const path of ["/pagos", "/__control", "/checkoutnow?token=X"]) {
      const answer = await send(port, { path, host: "evil.example" });
      expect(answer.status).toBe(403);
      expect(answer.body).toBe("Acceso denegado: este servicio local solo responde a localhost.");
    }
    const token = await send(port, tokenRequest(`evil.example:${port}`));
    expect(token.status).toBe(403);
    expect(token.body).not.toContain("access_token");
  });

  it("still serves localhost, 127.0.0.1 and [::1]", async () => {
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, "localhost"]) {
      const page = await send(port, { path: "/pagos", host });
      expect(page.status).toBe(200);
      expect(page.body).toContain("Pagos y reembolsos");
    }
    const token = await send(port, tokenRequest(`127.0.0.1:${port}`));
    expect(token.status).toBe(200);
    expect(JSON.parse(token.body)).toMatchObject({ token_type: "Bearer" });
  });
});
