import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalMailServer, type RunningMailServer } from "./index.ts";

/** A GET to the inbox on 127.0.0.1 carrying the given Host header (nothing leaves the machine). */
function get(port: number, path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers: { host } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the local inbox answers only loopback names", () => {
  let mail: RunningMailServer;
  beforeAll(async () => {
    mail = await startLocalMailServer({ smtpPort: 0, webPort: 0 });
  });
  afterAll(() => mail.close());

  it("refuses a page that reached it by another name (DNS rebinding) with 403", async () => {
    for (const path of ["/", "/api/messages", "/api/messages/1/html"]) {
      const answer = await get(mail.webPort, path, "evil.example");
      expect(answer.status).toBe(403);
      expect(answer.body).toBe("Acceso denegado: este servicio local solo responde a localhost.");
    }
    expect((await get(mail.webPort, "/api/messages", `evil.example:${mail.webPort}`)).status).toBe(403);
  });

  it("still shows the inbox and its JSON to localhost, 127.0.0.1 and [::1]", async () => {
    for (const host of [`localhost:${mail.webPort}`, `127.0.0.1:${mail.webPort}`, `[::1]:${mail.webPort}`, "127.0.0.1"]) {
      const list = await get(mail.webPort, "/api/messages", host);
      expect(list.status).toBe(200);
      expect(JSON.parse(list.body)).toEqual([]);
    }
    const page = await get(mail.webPort, "/", `localhost:${mail.webPort}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Todavía no ha llegado ningún correo.");
  });
});
