import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiError, createApiClient } from "./client.ts";
import { imageUrl } from "./urls.ts";

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

type Reply = (seen: Seen, res: http.ServerResponse) => void;

const stamps = { createdAt: "2026-11-21T10:00:00.000Z", updatedAt: "2026-11-21T10:00:00.000Z" };
const pais = (id: number, nombre: string) => ({ id, nombre, prefijo: 57, imagen: null, destacado: 0, ...stamps });

let server: http.Server;
let baseUrl: string;
let seen: Seen[] = [];
let reply: Reply = (_seen, res) => res.end();
const hanging = new Set<http.ServerResponse>();

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const entry = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString() };
      seen.push(entry);
      reply(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  for (const res of hanging) res.destroy();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
});

describe("createApiClient", () => {
  it("sends the bearer token read at each call, and none without one", async () => {
    let token: string | null = "tok-1";
    const api = createApiClient({ baseUrl, token: () => token });
    reply = (_s, res) => json(res, 200, { succes: [pais(1, "Colombia")] });

    const answer = await api.pais.index();
    expect(answer.succes[0]?.nombre).toBe("Colombia");
    token = "tok-2";
    await api.pais.index();
    token = null;
    await api.pais.index();

    expect(seen.map((s) => s.headers.authorization)).toEqual(["Bearer tok-1", "Bearer tok-2", undefined]);
    expect(seen[0]).toMatchObject({ method: "GET", url: "/api/pais/index" });
  });

  it("sends JSON bodies with their content type and fills path parameters", async () => {
    const api = createApiClient({ baseUrl, token: "abc" });
    reply = (_s, res) => json(res, 200, { succes: pais(4, "Perú") });

    const answer = await api.pais.update(4, { nombre: "Perú", prefijo: 51, destacado: "1" });
    expect(answer.succes.id).toBe(4);
    expect(seen[0]).toMatchObject({ method: "PUT", url: "/api/pais/update/4" });
    expect(seen[0]?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(seen[0]?.body ?? "")).toEqual({ nombre: "Perú", prefijo: 51, destacado: "1" });
    expect(seen[0]?.headers.authorization).toBe("Bearer abc");
  });

  it("lets fetch set the multipart content type for uploads", async () => {
    const api = createApiClient({ baseUrl, token: "abc" });
    reply = (_s, res) => json(res, 200, { succes: pais(5, "Japón") });
    const form = new FormData();
    form.set("nombre", "Japón");
    form.set("foto", new Blob([new Uint8Array([1, 2, 3])], { type: "image/png" }), "japon.png");

    await api.pais.create(form);
    expect(seen[0]?.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]?.body).toContain('name="foto"; filename="japon.png"');
  });

  it("throws ApiError with the status and parsed body on a non-2xx answer", async () => {
    const api = createApiClient({ baseUrl });
    reply = (_s, res) => json(res, 400, { error: { errors: [{ msg: "La hora ya existe" }] } });

    const error = await api.tour
      .horarioCreate({ hora_inicio: "09:00", tour_id: 1, lunes: true })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      kind: "http",
      body: { error: { errors: [{ msg: "La hora ya existe" }] } },
      messages: ["La hora ya existe"],
    });
    expect(seen[0]?.url).toBe("/api/tour/horario/create/");
  });

  it("keeps a non-JSON error body as text", async () => {
    const api = createApiClient({ baseUrl });
    reply = (_s, res) => {
      res.writeHead(502, { "Content-Type": "text/plain" });
      res.end("Bad Gateway");
    };
    await expect(api.banner.get()).rejects.toMatchObject({ status: 502, body: "Bad Gateway", messages: [] });
  });

  it("gives up after the configured timeout with a 408 ApiError", async () => {
    const api = createApiClient({ baseUrl, timeoutMs: 50 });
    reply = (_s, res) => {
      hanging.add(res);
    };
    const error = await api.tour.index().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 408, kind: "timeout", name: "ApiTimeoutError" });
  });

  it("reports an unreachable API as status 0", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const api = createApiClient({ baseUrl: `http://127.0.0.1:${port}` });
    await expect(api.pais.index()).rejects.toMatchObject({ status: 0, kind: "network", name: "ApiNetworkError" });
  });

  it("rejects an answer that breaks the contract", async () => {
    const api = createApiClient({ baseUrl });
    reply = (_s, res) => json(res, 200, { success: [] });
    await expect(api.pais.index()).rejects.toMatchObject({ status: 200, kind: "invalid-response" });
  });

  it("list sends the dialect and reads the total from Content-Range", async () => {
    const api = createApiClient({ baseUrl, token: "abc" });
    reply = (_s, res) =>
      json(res, 200, { succes: [pais(1, "Colombia"), pais(2, "México")] }, { "Content-Range": "pais 0-1/6" });

    const page = await api.pais.list({ sort: ["nombre", "ASC"], range: [0, 1], filter: { q: "co" } });
    expect(page.total).toBe(6);
    expect(page.data.map((p) => p.nombre)).toEqual(["Colombia", "México"]);
    const url = new URL(seen[0]?.url ?? "", baseUrl);
    expect(url.pathname).toBe("/api/pais/index");
    expect(url.searchParams.get("sort")).toBe('["nombre","ASC"]');
    expect(url.searchParams.get("range")).toBe("[0,1]");
    expect(url.searchParams.get("filter")).toBe('{"q":"co"}');
  });

  it("list falls back to the item count without Content-Range", async () => {
    const api = createApiClient({ baseUrl });
    reply = (_s, res) => json(res, 200, { succes: [pais(1, "Colombia")] });
    expect((await api.pais.list({})).total).toBe(1);
  });

  it("reads the login quirk and posts cancel without the /api prefix", async () => {
    const api = createApiClient({ baseUrl });
    reply = (s, res) =>
      s.url === "/api/auth/login"
        ? json(res, 200, { sucess: "jwt", rol: "admin", nombre: "Ana" })
        : json(res, 200, { succes: "cancelado" });
    expect(await api.auth.login({ email: "a@b.co", password: "x" })).toEqual({ sucess: "jwt", rol: "admin", nombre: "Ana" });
    await api.compra.cancel("ORDER-1");
    expect(seen[1]).toMatchObject({ method: "POST", url: "/compra/cancel", body: '{"token":"ORDER-1"}' });
  });
});

describe("imageUrl", () => {
  it("joins the image base and a stored path with exactly one slash", () => {
    expect(imageUrl("http://localhost:4000/", "/uploads/a.webp")).toBe("http://localhost:4000/uploads/a.webp");
    expect(imageUrl("http://localhost:4000/api", "uploads/a.webp")).toBe("http://localhost:4000/api/uploads/a.webp");
  });

  it("keeps absolute URLs and gives null for no image", () => {
    expect(imageUrl("http://x", "https://cdn.example/a.jpg")).toBe("https://cdn.example/a.jpg");
    expect(imageUrl("http://x", null)).toBeNull();
  });
});
