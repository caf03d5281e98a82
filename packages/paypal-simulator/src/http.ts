import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

/** An answer a handler returns, or throws from deep inside (a body too large, malformed JSON). */
export class HttpAnswer {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/** An error body the way PayPal writes them. */
export function paypalError(status: number, name: string, issue: string, message: string): HttpAnswer {
  return new HttpAnswer(status, {
    name,
    message,
    debug_id: randomBytes(6).toString("hex"),
    details: [{ issue, description: message }],
  });
}

export const notFound = (): HttpAnswer =>
  paypalError(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "Specified resource ID does not exist.");

export const methodNotSupported = (): HttpAnswer => new HttpAnswer(405, { name: "METHOD_NOT_SUPPORTED" });

export const internalError = (): HttpAnswer =>
  new HttpAnswer(500, { name: "INTERNAL_SERVER_ERROR", message: "An internal server error has occurred.", debug_id: randomBytes(6).toString("hex") });

/** The PayPal-Request-Id header: a replay with the same id is answered with the first answer. */
export function requestId(req: IncomingMessage): string | undefined {
  const v = req.headers["paypal-request-id"];
  return typeof v === "string" && v ? v : undefined;
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 1_000_000) throw new HttpAnswer(413, { name: "REQUEST_TOO_LARGE" });
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function parseJson(text: string): Record<string, unknown> {
  if (!text) return {};
  try {
    const v = JSON.parse(text) as unknown;
    if (v && typeof v === "object" && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw paypalError(400, "INVALID_REQUEST", "MALFORMED_REQUEST_JSON", "Request is not well-formed.");
}

export const readJson = async (req: IncomingMessage): Promise<Record<string, unknown>> => parseJson(await readBody(req));

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

export function sendAnswer(res: ServerResponse, answer: HttpAnswer): void {
  sendJson(res, answer.status, answer.body);
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" });
  res.end(html);
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { Location: location });
  res.end();
}
