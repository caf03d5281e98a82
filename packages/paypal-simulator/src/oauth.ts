import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { HttpAnswer, readBody } from "./http.ts";
import type { SimulatorState } from "./state.ts";

/** OAuth client credentials: POST /v1/oauth2/token hands out bearer tokens the REST calls must carry. */

export async function tokenRoute(
  state: SimulatorState,
  req: IncomingMessage,
  credentials: { clientId: string; clientSecret: string },
): Promise<HttpAnswer> {
  const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "")?.[1];
  const [id, secret] = Buffer.from(basic ?? "", "base64").toString("utf8").split(":");
  const form = new URLSearchParams(await readBody(req));
  if (id !== credentials.clientId || secret !== credentials.clientSecret) {
    return new HttpAnswer(401, { error: "invalid_client", error_description: "Client Authentication failed" });
  }
  if (form.get("grant_type") !== "client_credentials") return new HttpAnswer(400, { error: "unsupported_grant_type" });
  const token = `A21AA${randomBytes(24).toString("hex")}`;
  state.tokens.add(token);
  return new HttpAnswer(200, {
    scope: "https://uri.paypal.com/services/payments/payment",
    access_token: token,
    token_type: "Bearer",
    app_id: "APP-SIMULATOR",
    expires_in: 32400,
    nonce: randomUUID(),
  });
}

export function authorized(state: SimulatorState, req: IncomingMessage): boolean {
  const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? "");
  return !!m && state.tokens.has(m[1] ?? "");
}

export const unauthorized = (): HttpAnswer =>
  new HttpAnswer(401, {
    name: "AUTHENTICATION_FAILURE",
    message: "Authentication failed due to invalid authentication credentials or a missing Authorization header.",
  });
