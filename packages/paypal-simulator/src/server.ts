import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { loopbackOnly } from "@tours/loopback-guard";
import { pagesRoute } from "./checkout.ts";
import { SIMULATOR_CLIENT_ID, SIMULATOR_CLIENT_SECRET, SIMULATOR_WEBHOOK_ID } from "./constants.ts";
import { controlRoute, createControl, webhookRoute } from "./control.ts";
import { HttpAnswer, internalError, readJson, sendAnswer, sendJson } from "./http.ts";
import { authorized, tokenRoute, unauthorized } from "./oauth.ts";
import { ordersRoute } from "./orders.ts";
import { paymentsRoute } from "./payments.ts";
import { newState } from "./state.ts";
import type { RunningSimulator, SimulatorOptions } from "./types.ts";
import { createWebhooks } from "./webhooks.ts";

/**
 * A local stand-in for PayPal's REST API (Orders v2, Payments v2 captures and refunds, OAuth client credentials,
 * webhook verification) plus the buyer's approval page and a page of every payment and refund (/pagos). It answers
 * only requests addressed to a loopback name (@tours/loopback-guard).
 */
export async function startPaypalSimulator(options: SimulatorOptions): Promise<RunningSimulator> {
  const host = options.host ?? "127.0.0.1";
  const credentials = {
    clientId: options.clientId ?? SIMULATOR_CLIENT_ID,
    clientSecret: options.clientSecret ?? SIMULATOR_CLIENT_SECRET,
  };
  const state = newState();
  const webhooks = createWebhooks(state, {
    signingSecret: randomBytes(32),
    webhookId: options.webhookId ?? SIMULATOR_WEBHOOK_ID,
    webhookUrl: options.webhookUrl,
    log: options.log,
  });
  const control = createControl(state, webhooks);

  /** The answer for a REST call; null when the simulator is set to hang (never answered; close() drops it). */
  async function restAnswer(req: IncomingMessage, path: string): Promise<HttpAnswer | null | undefined> {
    const method = req.method ?? "GET";
    if (path === "/__control") return controlRoute(state, control, req);
    if (path === "/__webhook" && method === "POST") return webhookRoute(state, webhooks, req, options.webhookUrl);
    if (path === "/v1/oauth2/token" && method === "POST") return tokenRoute(state, req, credentials);
    if ((path.startsWith("/v2/") || path.startsWith("/v1/notifications")) && !authorized(state, req)) return unauthorized();
    if (path === "/v1/notifications/verify-webhook-signature" && method === "POST") {
      return new HttpAnswer(200, { verification_status: webhooks.verify(await readJson(req)) ? "SUCCESS" : "FAILURE" });
    }
    const payments = /^\/v2\/payments\/(captures|refunds)\/([A-Z0-9]+)(\/refund)?$/.exec(path);
    const orders = /^\/v2\/checkout\/orders(?:\/([A-Z0-9]+))?(\/capture)?$/.exec(path);
    if (!payments && !orders) return undefined;
    if (state.mode === "hang") return null;
    if (state.mode === "fail500") return internalError();
    if (payments) {
      return paymentsRoute(state, req, { kind: payments[1] as "captures" | "refunds", id: payments[2]!, refund: !!payments[3] });
    }
    return ordersRoute(state, webhooks, req, { id: orders![1], capture: !!orders![2] });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://simulator");
    const path = url.pathname.replace(/\/+$/, "") || "/";
    const answer = await restAnswer(req, path);
    if (answer === null) return;
    if (answer) return sendAnswer(res, answer);
    if (await pagesRoute(state, webhooks, req, res, url, path)) return;
    sendJson(res, 404, { name: "RESOURCE_NOT_FOUND", message: "The specified resource does not exist." });
  }

  const server = createServer(
    loopbackOnly((req, res) => {
      handle(req, res).catch((err: unknown) => {
        if (err instanceof HttpAnswer) return sendAnswer(res, err);
        options.log?.warn({ err: String(err) }, "simulator: request failed");
        if (!res.headersSent) sendJson(res, 500, { name: "INTERNAL_SERVER_ERROR" });
      });
    }),
  );

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  state.baseUrl = `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;
  options.log?.info({ url: state.baseUrl }, "PayPal simulator listening");

  return {
    url: state.baseUrl,
    control,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
